import { OAuth2Server } from 'oauth2-mock-server';

export interface GoogleUser {
  sub: string;
  email: string;
  name: string;
}

/**
 * A local OpenID Connect provider (oauth2-mock-server) standing in for Google: discovery, an
 * authorize endpoint that approves at once, a token endpoint issuing signed ID tokens, and JWKS.
 */
export async function startGoogleProvider(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  let nextUser: GoogleUser = { sub: 'google-1', email: 'gina@example.com', name: 'Gina Google' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: nextUser.sub,
      email: nextUser.email,
      email_verified: true,
      name: nextUser.name,
    });
  });
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...nextUser, email_verified: true };
  });
  const issuer = server.issuer.url!;
  return {
    url: issuer,
    env: {
      GOOGLE_CLIENT_ID: 'test-google-client',
      GOOGLE_CLIENT_SECRET: 'test-google-secret',
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
    setNextUser(user: GoogleUser) {
      nextUser = user;
    },
    close: () => server.stop(),
  };
}
export type GoogleProvider = Awaited<ReturnType<typeof startGoogleProvider>>;
