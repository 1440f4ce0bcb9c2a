import { NotificationSettings } from './notification-setting-page.tsx';

/** /notificationSettingHk: the Hong Kong price alerts, with the same channels and quiet hours. */
export default function NotificationSettingHkPage() {
  return <NotificationSettings market="hk" />;
}
