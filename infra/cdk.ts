/**
 * `stratus/cdk`: what a CDK app of your own imports to deploy a Stratus app: the site
 * construct and its props, and the build reader for a build made elsewhere.
 *
 * @example
 * import { App, Stack } from 'aws-cdk-lib';
 * import { StratusSite } from 'stratus/cdk';
 *
 * const app = new App();
 * const stack = new Stack(app, 'MySite', { env: { region: 'eu-west-1' } });
 * const site = new StratusSite(stack, 'Site', { appDir: 'my-site', environment: { SHOP_API: 'https://api.example.com' }, renderMemoryMB: 2048 });
 */
export { StratusSite, type StratusSiteProps, type SecretSourceConstruct, type SiteTracing, type OtlpTracing } from './constructs/stratus-site';
export { SiteFirewall, DEFAULT_MANAGED_RULE_GROUPS, DEFAULT_RATE_LIMIT, type FirewallOptions } from './constructs/site-firewall';
export type { DomainOptions, HostedZoneRef } from './constructs/site-domain';
export { readBuildOutput, SetupError, type BuildOutput } from './build-output';
export { ensureBuild, staleBuildReason } from './app-build';
export { SiteFunction, LIVE_ALIAS, type FunctionRuntime, type FunctionArchitecture } from './constructs/site-function';
