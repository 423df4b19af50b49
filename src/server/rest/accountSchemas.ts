// Request shapes of the account calls (spec 000 §7). Types and sizes here; the rules with the
// spec's messages (names, email, password) are checked by src/model/users.ts in the handlers.
import { Type, type Static } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH, MAX_INVITES_PER_REQUEST } from '../../model/users.ts';

/** Long enough for any real value, short enough that nothing is hashed or stored at length. */
const Text = (max: number) => Type.String({ maxLength: max });
const Email = Text(MAX_EMAIL_LENGTH * 2);
const Password = Text(1024);
const Token = Type.String({ minLength: 1, maxLength: 256 });

export const LoginBody = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
export type LoginBody = Static<typeof LoginBody>;

export const OwnerBody = Type.Object(
  { email: Email, firstName: Text(256), lastName: Text(256), password: Password, agree: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type OwnerBody = Static<typeof OwnerBody>;

export const SignupBody = Type.Object(
  { inviterId: Token, firstName: Text(256), lastName: Text(256), password: Password, agree: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const SignupTokenQuery = Type.Object({ inviterId: Type.Optional(Token), inviteeId: Type.Optional(Token) }, { additionalProperties: false });
export type SignupTokenQuery = Static<typeof SignupTokenQuery>;

export const MeBody = Type.Object(
  {
    firstName: Text(256),
    lastName: Text(256),
    email: Email,
    /** Needed when the email changes: whoever holds the address can reset the password. */
    currentPassword: Type.Optional(Password),
    settings: Type.Optional(Type.Object({ updatesOptIn: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type MeBody = Static<typeof MeBody>;

export const MePasswordBody = Type.Object({ currentPassword: Password, newPassword: Password }, { additionalProperties: false });
export type MePasswordBody = Static<typeof MePasswordBody>;

export const SurveyBody = Type.Record(
  Type.String({ maxLength: 64 }),
  Type.Union([Type.String({ maxLength: 512 }), Type.Array(Type.String({ maxLength: 512 }), { maxItems: 32 }), Type.Null()]),
  { maxProperties: 32 },
);

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const PasswordTokenQuery = Type.Object({ token: Type.Optional(Token), userId: Type.Optional(Token) }, { additionalProperties: false });
export type PasswordTokenQuery = Static<typeof PasswordTokenQuery>;

export const ChangePasswordBody = Type.Object({ token: Token, userId: Token, password: Password }, { additionalProperties: false });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const InviteBody = Type.Array(Type.Object({ email: Email }, { additionalProperties: false }), { minItems: 1, maxItems: MAX_INVITES_PER_REQUEST });
export type InviteBody = Static<typeof InviteBody>;

export const DeleteUserQuery = Type.Object({ transferId: Type.Optional(Token) }, { additionalProperties: false });
export type DeleteUserQuery = Static<typeof DeleteUserQuery>;
