/** One notification for one user through one channel. */
export interface Notification {
  userId: number;
  /** WeChat template message (the official account) or the native app's push. */
  channel: 'wechat' | 'appPush';
  title: string;
  body: string;
  /** The page it opens: an app path from the contract's route table (`/stock?stockCode=…`). */
  path: string;
  /** ISO-8601 time the event happened. */
  at: string;
}

/**
 * Sends notifications outside the app (issue 16 item 4). The real implementation posts to a push
 * gateway that holds the WeChat template and the app-push credentials; the local one appends to a
 * development outbox that tests read. The boot log names which one runs.
 */
export interface NotificationSender {
  kind: 'gateway' | 'local';
  /** For the boot log: which implementation runs and where notifications go. */
  description: string;
  send(notification: Notification): Promise<void>;
}
