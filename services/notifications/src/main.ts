import { runService } from '@momentum/runtime';
import { NotificationsConfigSchema } from './config.js';
import { buildNotificationsApp } from './app.js';

await runService('notifications', NotificationsConfigSchema, buildNotificationsApp);
