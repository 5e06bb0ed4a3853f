// The operator console's sign-in for one tenant: a Cognito user pool whose only users are the tenant
// file's `console.users` (no self sign-up; an invitation with a temporary password, MFA required), a
// group per role (viewer, lead, operator), the hosted UI's domain, and a public app client for the
// authorization code flow with PKCE, whose redirect URIs are the console's own /auth routes. The
// client names its one auth flow, refresh: left unset, Cognito enables its defaults (SRP, custom and
// refresh), so anyone with the client id could sign in with SRP straight against the pool's API.
// Composed by refund-agent.ts; the console-authorizer checks the ID tokens it issues.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolClient,
  CfnUserPoolGroup,
  CfnUserPoolUser,
  CfnUserPoolUserToGroupAttachment,
  Mfa,
  OAuthScope,
  UserPool,
  type UserPoolClient,
  type UserPoolProps,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ROLES } from '#functions/console/app/identity.js';
import type { TenantConfig } from './tenant-config.js';

export type ConsoleAuthProps = {
  tenant: string;
  console: TenantConfig['console'];
  /** The HTTP API's URL (https://…): the console's base, for the OAuth redirect URIs. */
  baseUrl: string;
};

/**
 * The app client's ExplicitAuthFlows: the hosted UI (managed login) signs people in through the OAuth
 * endpoints, which need none of them; Cognito refuses a list without ALLOW_REFRESH_TOKEN_AUTH ("REFRESH_TOKEN_AUTH
 * should always be allowed"), so that one stays. The console itself never refreshes: it keeps only the
 * ID token of the code exchange (functions/console/app/sign-in.ts), and signs in again when it expires.
 */
export const CONSOLE_AUTH_FLOWS = ['ALLOW_REFRESH_TOKEN_AUTH'] as const;

/** What each role's group says, as Cognito shows it. */
const ROLE_DESCRIPTION: Record<(typeof ROLES)[number], string> = {
  viewer: 'Reads runs, queues and pictures',
  lead: 'Decides refund approvals',
  operator: 'Settles pending reviews and retries dead letters',
};

/** The pool's settings: invitation only, MFA required, strong passwords, recovery by email. */
function userPoolProps(tenant: string): UserPoolProps {
  return {
    selfSignUpEnabled: false,
    signInAliases: { email: true },
    autoVerify: { email: true },
    mfa: Mfa.REQUIRED,
    mfaSecondFactor: { otp: true, sms: false },
    passwordPolicy: {
      minLength: 14,
      requireDigits: true,
      requireLowercase: true,
      requireUppercase: true,
      requireSymbols: true,
      tempPasswordValidity: Duration.days(3),
    },
    accountRecovery: AccountRecovery.EMAIL_ONLY,
    userInvitation: {
      emailSubject: `refund-agent console (${tenant}): your sign-in`,
      emailBody: `You can now sign in to the refund-agent console of ${tenant} as {username} with the temporary password {####}. You will set a new password and an authenticator app.`,
    },
    // The people and their roles are data in the tenant file; losing the pool only means inviting them again.
    removalPolicy: RemovalPolicy.DESTROY,
  };
}

/** A group per role, named after it (the ID token's cognito:groups carries it). */
function addRoleGroups(scope: Construct, userPool: UserPool): void {
  for (const role of ROLES) {
    new CfnUserPoolGroup(scope, `Group-${role}`, { userPoolId: userPool.userPoolId, groupName: role, description: ROLE_DESCRIPTION[role] });
  }
}

/** Each person of the tenant file, invited by email and put in their role's group (after both exist). */
function addConsoleUsers(scope: Construct, userPool: UserPool, users: TenantConfig['console']['users']): void {
  users.forEach((user, i) => {
    const created = new CfnUserPoolUser(scope, `User${i}`, {
      userPoolId: userPool.userPoolId,
      username: user.email,
      desiredDeliveryMediums: ['EMAIL'],
      userAttributes: [
        { name: 'email', value: user.email },
        { name: 'email_verified', value: 'true' },
      ],
    });
    const attachment = new CfnUserPoolUserToGroupAttachment(scope, `User${i}Role`, {
      userPoolId: userPool.userPoolId,
      username: user.email,
      groupName: user.role,
    });
    attachment.addDependency(created);
    const group = scope.node.findChild(`Group-${user.role}`) as CfnUserPoolGroup;
    attachment.addDependency(group);
  });
}

export class ConsoleAuth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;

  constructor(scope: Construct, id: string, props: ConsoleAuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'Users', userPoolProps(props.tenant));
    addRoleGroups(this, this.userPool);
    addConsoleUsers(this, this.userPool, props.console.users);
    this.domain = this.userPool.addDomain('SignIn', { cognitoDomain: { domainPrefix: props.console.domainPrefix ?? `refund-agent-${props.tenant}` } });
    const base = props.baseUrl.replace(/\/+$/, '');
    this.client = this.userPool.addClient('Console', {
      generateSecret: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
        callbackUrls: [`${base}/auth/callback`],
        logoutUrls: [`${base}/auth/login`],
      },
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
    });
    // Only the hosted UI: no password, SRP or custom flows straight against the pool's API. The L2's
    // `authFlows` cannot say this (an empty one leaves ExplicitAuthFlows unset: Cognito's defaults).
    (this.client.node.defaultChild as CfnUserPoolClient).explicitAuthFlows = [...CONSOLE_AUTH_FLOWS];
  }

  /** The ID tokens' issuer: https://cognito-idp.<region>.amazonaws.com/<userPoolId>. */
  get issuer(): string {
    // ProviderURL has no scheme (cognito-idp.<region>.amazonaws.com/<id>); the tokens' `iss` does.
    return `https://${this.userPool.userPoolProviderUrl}`;
  }

  /** The hosted UI's base URL. */
  get domainUrl(): string {
    return this.domain.baseUrl();
  }
}
