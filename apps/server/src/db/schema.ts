import type { Generated } from 'kysely';

/**
 * Row types of every table. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers so the
 * same SQL runs unchanged on SQLite and PostgreSQL.
 */
export interface Database {
  app_config: AppConfigTable;
  app_menu: AppMenuTable;
  activity_popup: ActivityPopupTable;
  api_lock_token: ApiLockTokenTable;
}

export interface AppConfigTable {
  key: string;
  /** The value as JSON text. */
  value_json: string;
  updated_at: string;
}

export interface AppMenuTable {
  id: number;
  title: string;
  icon: string;
  url: string;
  badge: string | null;
  sort_order: number;
  enabled: number;
}

export interface ActivityPopupTable {
  id: number;
  /** The tab page the popup belongs to (one of contract `popupPages`). */
  page: string;
  activity_img: string;
  url: string;
  starts_at: string;
  ends_at: string;
  enabled: number;
}

export interface ApiLockTokenTable {
  id: Generated<number>;
  token: string;
  created_at: string;
}
