import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { SECURITY_HEADERS } from '../../../contract/security-headers';
import { responseHeadersSettings } from '../../../infra/constructs/response-headers';

describe('the response headers policy from contract/security-headers.ts', () => {
  test('each header in its CloudFront field, override as declared', () => {
    const { securityHeadersBehavior: s, customHeadersBehavior } = responseHeadersSettings(SECURITY_HEADERS);
    expect(s!.strictTransportSecurity).toMatchObject({ includeSubdomains: true, preload: false, override: true });
    expect(s!.strictTransportSecurity!.accessControlMaxAge.toSeconds()).toBe(Duration.days(730).toSeconds());
    expect(s!.contentTypeOptions).toEqual({ override: true });
    expect(s!.frameOptions).toEqual({ frameOption: cloudfront.HeadersFrameOption.DENY, override: true });
    expect(s!.referrerPolicy).toEqual({ referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: false });
    expect(s!.contentSecurityPolicy).toEqual({ contentSecurityPolicy: "frame-ancestors 'none'", override: false });
    expect(customHeadersBehavior).toBeUndefined();
  });

  test('other names become custom headers', () => {
    const { customHeadersBehavior } = responseHeadersSettings([{ name: 'permissions-policy', value: 'camera=()', override: false }]);
    expect(customHeadersBehavior).toEqual({ customHeaders: [{ header: 'permissions-policy', value: 'camera=()', override: false }] });
  });

  test.each([
    ['strict-transport-security', 'max-age=10;includeSubDomains'],
    ['x-content-type-options', 'NOSNIFF'],
    ['x-frame-options', 'ALLOW-FROM https://a.example'],
    ['referrer-policy', 'no-referrer, origin'],
  ])('a value CloudFront could not write exactly fails synth: %s: %s', (name, value) => {
    expect(() => responseHeadersSettings([{ name, value, override: true }])).toThrow(/CloudFront writes/);
  });
});
