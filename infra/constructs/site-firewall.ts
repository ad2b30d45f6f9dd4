/**
 * The firewall in front of the distribution: an AWS WAF web ACL (scope CLOUDFRONT, so it lives
 * in us-east-1: in the site's stack there, else in the us-east-1 stack the body signer uses)
 * with AWS's managed rule groups and a per-IP rate limit. Off unless the site asks for it
 * (docs/DEPLOY.md says why): a web ACL is billed monthly per ACL and rule group, at rest too.
 * https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-list.html
 */
import { Names } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** IP reputation (known bots, scanners), the common rule set (OWASP-style), known bad inputs (Log4j, exploits). */
export const DEFAULT_MANAGED_RULE_GROUPS: readonly string[] = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'];

/** Requests one address may send in 5 minutes (assets and pages, cached or not) before its requests are blocked. */
export const DEFAULT_RATE_LIMIT = 2000;

export interface FirewallOptions {
  /** AWS managed rule groups, by name (vendor AWS). @default DEFAULT_MANAGED_RULE_GROUPS */
  readonly managedRuleGroups?: readonly string[];
  /** Requests per 5 minutes from one IP address past which its requests are blocked (10 or more); 0 for no rate limit. @default DEFAULT_RATE_LIMIT (2000) */
  readonly rateLimit?: number;
  /** Count what the rules match instead of blocking it: try them on live traffic first (WAF's sampled requests and metrics show what they would block). @default false */
  readonly countOnly?: boolean;
}

/**
 * Rules of the common rule set turned to count: SizeRestrictions_BODY blocks bodies over 8 KB,
 * and the site's API routes and forms take up to 1 MB (the body signer's limit, which refuses
 * larger ones itself).
 */
const COUNTED_RULES: Record<string, readonly string[]> = { AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'] };

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });

export class SiteFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** The web ACL's metric name (dimension `WebACL` of AWS/WAFV2's metrics, with `Rule: ALL`). */
  readonly metricName: string;

  constructor(scope: Construct, id: string, options: FirewallOptions = {}) {
    super(scope, id);
    const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
    if (rateLimit !== 0 && (!Number.isInteger(rateLimit) || rateLimit < 10 || rateLimit > 2_000_000_000)) {
      throw new Error(`firewall.rateLimit must be a whole number from 10 to 2,000,000,000 (requests per 5 minutes per IP address), or 0 for none; got ${rateLimit}.`);
    }
    const groups = options.managedRuleGroups ?? DEFAULT_MANAGED_RULE_GROUPS;
    const rules: wafv2.CfnWebACL.RuleProperty[] = [];
    if (rateLimit > 0) {
      rules.push({
        name: 'RateLimitPerIp',
        priority: 0,
        statement: { rateBasedStatement: { limit: rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
        action: options.countOnly ? { count: {} } : { block: {} },
        visibilityConfig: visibility('RateLimitPerIp'),
      });
    }
    groups.forEach((name, i) => {
      const counted = COUNTED_RULES[name];
      rules.push({
        name,
        priority: i + 1,
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            ...(counted ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
          },
        },
        // `count` turns every rule of the group to counting.
        overrideAction: options.countOnly ? { count: {} } : { none: {} },
        visibilityConfig: visibility(name),
      });
    });
    // One name per site (and account): the ACL's, and the `WebACL` dimension of its metrics.
    this.metricName = Names.uniqueResourceName(this, { maxLength: 128, separator: '-' });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: this.metricName,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Stratus site: AWS managed rule groups and a per-IP rate limit',
      rules,
      visibilityConfig: visibility(this.metricName),
    });
  }
}
