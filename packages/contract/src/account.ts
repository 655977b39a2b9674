import { z } from 'zod';
import { normaliseEmail, storableText, zEmail, zPassword, zPersonName, zPhone } from './validators';
import { zId } from './common';

/** SPEC §3 'Session user' plus tosAccepted. */
export const User = z.object({
  id: zId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  profileImage: z.string().nullable(),
  isActive: z.boolean(),
  tosAccepted: z.boolean(),
});
export type User = z.infer<typeof User>;

/** What another user may see of a user. */
export const PublicUser = User.pick({ id: true, firstName: true, lastName: true, profileImage: true });
export type PublicUser = z.infer<typeof PublicUser>;

export const UpdateMe = z.strictObject({
  firstName: zPersonName().optional(),
  lastName: zPersonName().optional(),
  phoneNumber: zPhone.optional(),
});
export type UpdateMe = z.infer<typeof UpdateMe>;

export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const RefreshBody = z.strictObject({ token: z.string().min(1).max(512) });
export const LogoutBody = RefreshBody;

export const SignUpBody = z.strictObject({
  firstName: zPersonName(),
  lastName: zPersonName(),
  email: zEmail,
  phoneNumber: zPhone,
  password: zPassword,
  confirmPassword: z.string(),
  redirect: z.string().max(2048).optional(),
});
export const SignInBody = z.strictObject({
  email: storableText(z.string().overwrite(normaliseEmail).max(254)),
  password: z.string().max(128),
  redirect: z.string().max(2048).optional(),
});

export const UserQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const Collection = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type Collection = z.infer<typeof Collection>;

/**
 * One recipient (`zEmail` is one address) and how to greet them; no free text of the inviter's: the
 * mail is the provider's words only (decision 023).
 */
export const InviteBody = z.strictObject({
  email: zEmail,
  firstName: zPersonName().optional(),
});
export const Invite = z.object({
  id: zId,
  email: z.string(),
  kind: z.enum(['app', 'workspace']),
  status: z.enum(['pending', 'accepted']),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof Invite>;
/** The header of the workspace invite that carries the confirm-invite page's address. */
export const INVITE_REDIRECT_HEADER = 'x-invite-redirect';

/** Latest terms record (GET /account/tos, GET /portal/me/tos/). */
export const Tos = z.object({ id: z.number().int(), version: z.number().int(), title: z.string(), tosURI: z.string(), publishedAt: z.string() });
export type Tos = z.infer<typeof Tos>;
export const TosAccepted = z.object({ tosAccepted: z.literal(true), version: z.number().int() });
