import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationSettings, NotificationSettingsState } from '@portal/contract';
import { caller } from '../../plugins/auth';
import * as service from './service';

const tags = ['notifications'];

/** The caller's e-mail notification settings, under /api/portal/me/notifications (decision 013). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Which e-mails the practitioner gets and when (every kind instantly, in UTC, until saved)',
        response: { 200: NotificationSettingsState },
      },
    },
    async (req) => service.getSettings(ctx, caller(req).userId),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary: "Each kind instantly, in the daily digest at 07:00 in the practice's time zone, or off",
        body: NotificationSettings,
        response: { 200: NotificationSettingsState },
      },
    },
    async (req) => service.saveSettings(ctx, caller(req).userId, req.body),
  );
};
