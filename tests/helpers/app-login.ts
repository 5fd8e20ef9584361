import postgres from 'postgres';

export const APP_LOGIN = 'crm_app_login';

/**
 * A login that owns nothing and is only a member of crm_app, as production would set it up
 * (README, DATABASE_APP_URL); roles belong to the cluster, so one serves every test database.
 */
export async function appLoginUrl(databaseUrl: string): Promise<string> {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`do $$ begin create role ${APP_LOGIN} login; exception when duplicate_object or unique_violation then null; end $$`);
    await admin.unsafe(`grant crm_app to ${APP_LOGIN}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.username = APP_LOGIN;
  url.password = '';
  return url.toString();
}
