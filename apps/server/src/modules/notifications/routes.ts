import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsApi } from '@portal/contract';
import { route } from '../../lib/route';
import { caller } from '../../plugins/auth';
import * as service from './service';

/** The caller's e-mail notification settings, under /api/portal/me/notifications (decision 013). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, notificationsApi.settings, async (req) => service.getSettings(ctx, caller(req).userId));

  route(app, notificationsApi.saveSettings, async (req) => service.saveSettings(ctx, caller(req).userId, req.body));
};
