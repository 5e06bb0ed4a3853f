// Typed errors of the CDK app's configuration edge (thrown by tenant-config.ts, shown by bin/app.ts).

export class InfraConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InfraConfigError';
  }
}

export class MissingTenantContextError extends InfraConfigError {
  constructor() {
    super(
      '-c tenant= needs a tenant name, e.g. `npx cdk synth -c tenant=demo` (tenant files live in infra/tenants/); leave it out to synthesize every tenant.',
    );
    this.name = 'MissingTenantContextError';
  }
}

export class TenantConfigNotFoundError extends InfraConfigError {
  constructor(
    readonly tenant: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`No tenant file for "${tenant}": expected ${path}`, options);
    this.name = 'TenantConfigNotFoundError';
  }
}

export class TenantConfigInvalidError extends InfraConfigError {
  constructor(
    readonly tenant: string,
    readonly path: string,
    readonly problems: string[],
    options?: { cause?: unknown },
  ) {
    super(`Tenant file ${path} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`, options);
    this.name = 'TenantConfigInvalidError';
  }
}

/** A valid tenant file asking for something the deployed functions cannot honour yet. */
export class TenantNotDeployableError extends InfraConfigError {
  constructor(
    readonly tenant: string,
    readonly problems: string[],
  ) {
    super(`Tenant "${tenant}" cannot be deployed as configured:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'TenantNotDeployableError';
  }
}
