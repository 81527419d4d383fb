import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import type { Provider } from "next-auth/providers";
import { env } from "@/lib/config/env";
import { appOrigin } from "@/lib/config/app-origin";
import { serverSecret } from "@/lib/config/secrets";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { accountForProviderEmail } from "@/lib/users/account-for-provider-email";
import { gitHubProfileWithVerifiedEmail } from "@/lib/auth/github-verified-email";
import { canLinkExternalIdentity } from "@/lib/users/can-link-external-identity";
import { admitPasswordSignIn } from "@/lib/auth/admit-password-sign-in";
import { reportSignInRefusal } from "@/lib/auth/sign-in-limit-watch";
import { clientAddressOf } from "@/lib/server/client-address";
import { checkSession } from "@/lib/sessions/check-session";
import { endSession } from "@/lib/sessions/end-session";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/sessions/session-lifetime";
import { startSession } from "@/lib/sessions/start-session";

declare module "next-auth" {
  interface Session {
    /** The server-side session this cookie stands for (see lib/sessions). */
    sessionId?: string;
  }
}

/** A password sign-in refused by the rate limits before the password was checked. */
class SignInRateLimited extends CredentialsSignin {
  code = "rate_limited";
}

/** Sign-in for people. Email + password always; GitHub and a generic OIDC provider when configured. */
function providers(): Provider[] {
  const config = env();
  const list: Provider[] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // Every door that checks a password comes through here: the sign-in page's server action and
      // next-auth's own POST /api/auth/callback/credentials alike, so the limits hold at both.
      authorize: async (credentials, request) => {
        const admission = await admitPasswordSignIn(credentials?.email, clientAddressOf(request.headers));
        if (!admission.admitted) {
          reportSignInRefusal(admission.retryAfterSeconds);
          throw new SignInRateLimited();
        }
        const user = await verifyCredentials(credentials?.email, credentials?.password);
        if (!user) return null;
        await admission.succeeded();
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ];
  if (config.AUTH_GITHUB_ID && config.AUTH_GITHUB_SECRET) {
    list.push(
      GitHub({
        clientId: config.AUTH_GITHUB_ID,
        clientSecret: config.AUTH_GITHUB_SECRET,
        userinfo: { url: "https://api.github.com/user", request: gitHubProfileWithVerifiedEmail },
      }),
    );
  }
  if (config.AUTH_OIDC_ISSUER && config.AUTH_OIDC_ID && config.AUTH_OIDC_SECRET) {
    list.push({
      id: "oidc",
      name: config.AUTH_OIDC_NAME,
      type: "oidc",
      issuer: config.AUTH_OIDC_ISSUER,
      clientId: config.AUTH_OIDC_ID,
      clientSecret: config.AUTH_OIDC_SECRET,
    });
  }
  return list;
}

export function oauthProviders(): Array<{ id: string; name: string }> {
  return providers()
    .map((p) => (typeof p === "function" ? p() : p))
    .filter((p) => p.type !== "credentials")
    .map((p) => ({ id: p.id, name: p.name }));
}

function authConfig(): NextAuthConfig {
  // next-auth builds its redirects from AUTH_URL when set, else from the request's host; make it
  // the app's public origin, so sign-in never sends people to another host than APP_URL names.
  process.env.AUTH_URL ??= `${appOrigin()}/api/auth`;
  return {
    secret: serverSecret(),
    trustHost: true,
    // The cookie is a signed token, but it only counts while its server-side session exists:
    // the jwt callback checks that on every read, so signing out ends every copy of the cookie.
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    events: {
      async signOut(message) {
        if ("token" in message) await endSession(message.token?.sid);
      },
    },
    pages: { signIn: "/signin" },
    // A refused password (wrong, or over the rate limit) is expected, not a fault: a stack trace
    // per guess would let whoever is guessing flood the log.
    logger: {
      error(error) {
        if (!(error instanceof CredentialsSignin)) console.error("[auth]", error);
      },
    },
    providers: providers(),
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account || account.provider === "credentials") return true;
        // Only addresses the provider verified identify a person (GitHub: lib/auth/github-verified-email.ts).
        if (!user.email) return false;
        if (account.type === "oidc" && profile?.email_verified !== true) return false;
        return canLinkExternalIdentity(user.email);
      },
      // People who arrive through OAuth/OIDC get an account keyed by their email (checked above),
      // confirmed by the provider's word: their pending invitations become memberships.
      async jwt({ token, user, account }) {
        if (user) {
          if (account && account.provider !== "credentials") {
            if (!user.email) throw new Error("The identity provider did not share an email address.");
            token.sub = (await accountForProviderEmail(user.email, user.name)).id;
          } else if (user.id) {
            token.sub = user.id;
          }
          if (token.sub) token.sid = await startSession(token.sub);
          return token;
        }
        // Returning null ends the session: next-auth then answers "no session" and clears the cookie.
        return (await checkSession(token.sid, token.sub)) ? token : null;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        if (typeof token.sid === "string") session.sessionId = token.sid;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => authConfig());
