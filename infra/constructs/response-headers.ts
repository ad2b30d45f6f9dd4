/**
 * contract/security-headers.ts → the settings of a CloudFront response headers policy.
 * CloudFront has a typed field for each common security header and writes the value
 * itself, so each value is parsed into that field, and a value CloudFront could not write
 * exactly fails synth instead of deploying something other than what the local server sends.
 * Other names become custom headers.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/understanding-response-headers-policies.html#understanding-response-headers-policies-security
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { SecurityHeader } from '../../contract/security-headers';

export type ResponseHeadersSettings = Pick<cloudfront.ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'>;

const FRAME_OPTIONS: Record<string, cloudfront.HeadersFrameOption> = {
  DENY: cloudfront.HeadersFrameOption.DENY,
  SAMEORIGIN: cloudfront.HeadersFrameOption.SAMEORIGIN,
};
const REFERRER_POLICIES = new Map(Object.values(cloudfront.HeadersReferrerPolicy).map((p) => [String(p), p]));

function unwritable(header: SecurityHeader, form: string): Error {
  return new Error(`contract/security-headers.ts: CloudFront writes ${header.name} as ${form}, not "${header.value}".`);
}

/** The policy's `securityHeadersBehavior` and `customHeadersBehavior` for `headers`. */
export function responseHeadersSettings(headers: readonly SecurityHeader[]): ResponseHeadersSettings {
  const security: { -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K] } = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  for (const header of headers) {
    const { value, override } = header;
    switch (header.name) {
      case 'strict-transport-security': {
        const m = /^max-age=(\d+)(; includeSubDomains)?(; preload)?$/.exec(value);
        if (!m) throw unwritable(header, 'max-age=N[; includeSubDomains][; preload]');
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(m[1])),
          includeSubdomains: Boolean(m[2]),
          preload: Boolean(m[3]),
          override,
        };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff') throw unwritable(header, 'nosniff');
        security.contentTypeOptions = { override };
        break;
      case 'x-frame-options': {
        const frameOption = FRAME_OPTIONS[value];
        if (!frameOption) throw unwritable(header, 'DENY or SAMEORIGIN');
        security.frameOptions = { frameOption, override };
        break;
      }
      case 'referrer-policy': {
        const referrerPolicy = REFERRER_POLICIES.get(value);
        if (!referrerPolicy) throw unwritable(header, `one of ${[...REFERRER_POLICIES.keys()].join(', ')}`);
        security.referrerPolicy = { referrerPolicy, override };
        break;
      }
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override };
        break;
      case 'x-xss-protection': {
        const m = /^([01])(; mode=block)?(?:; report=(\S+))?$/.exec(value);
        if (!m) throw unwritable(header, '0, 1, 1; mode=block or 1; report=URI');
        security.xssProtection = { protection: m[1] === '1', modeBlock: m[2] ? true : undefined, reportUri: m[3], override };
        break;
      }
      default:
        custom.push({ header: header.name, value, override });
    }
  }
  return { securityHeadersBehavior: security, customHeadersBehavior: custom.length > 0 ? { customHeaders: custom } : undefined };
}
