/** Account payloads: register, login, password and email flows, profile (public-site §5). */
import { z } from 'zod';
import { TITLES } from './constants';
import { choice, email, optionalText, requiredText } from './fields';
import { messages } from './messages';
import { newPassword as password } from './new-password';

export const personalDetailsSchema = z.object({
  title: choice(TITLES),
  firstName: requiredText(100),
  lastName: requiredText(100),
  phoneNumber: requiredText(30),
  business: optionalText(150),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

export const registerSchema = personalDetailsSchema.extend({ email, password });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: requiredText(254).transform((value) => value.toLowerCase()),
  password: z.string({ error: messages.required }).min(1, { error: messages.required }).max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailOnlySchema = z.object({ email });

export const tokenSchema = z.object({
  uid: requiredText(64),
  token: requiredText(128),
});

export const passwordResetConfirmationSchema = tokenSchema
  .extend({ newPassword1: password, newPassword2: z.string({ error: messages.required }) })
  .refine((value) => value.newPassword1 === value.newPassword2, {
    error: messages.passwordsDoNotMatch,
    path: ['newPassword2'],
  });

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired }),
  password,
});

export const profileSchema = personalDetailsSchema;
export type ProfileInput = z.infer<typeof profileSchema>;
