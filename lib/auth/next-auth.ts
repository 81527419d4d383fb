import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import type { Provider } from "next-auth/providers";
import { env } from "@/lib/config/env";
import { serverSecret } from "@/lib/config/secrets";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { ensureUser } from "@/lib/users/ensure-user";
import { canLinkExternalIdentity } from "@/lib/users/can-link-external-identity";
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

/** Sign-in for people. Email + password always; GitHub and a generic OIDC provider when configured. */
function providers(): Provider[] {
  const config = env();
  const list: Provider[] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) => {
        const user = await verifyCredentials(credentials?.email, credentials?.password);
        return user ? { id: user.id, email: user.email, name: user.name } : null;
      },
    }),
  ];
  if (config.AUTH_GITHUB_ID && config.AUTH_GITHUB_SECRET) {
    list.push(GitHub({ clientId: config.AUTH_GITHUB_ID, clientSecret: config.AUTH_GITHUB_SECRET }));
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
    providers: providers(),
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account || account.provider === "credentials") return true;
        if (!user.email) return false;
        // An OIDC provider may assert addresses nobody verified; only verified ones identify a person.
        if (account.type === "oidc" && profile?.email_verified !== true) return false;
        return canLinkExternalIdentity(user.email);
      },
      // People who arrive through OAuth/OIDC get an account keyed by their email (checked above).
      async jwt({ token, user, account }) {
        if (user) {
          if (account && account.provider !== "credentials") {
            if (!user.email) throw new Error("The identity provider did not share an email address.");
            token.sub = (await ensureUser(user.email, user.name)).id;
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
