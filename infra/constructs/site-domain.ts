/**
 * The site's own domain: a certificate for its names (ACM, DNS-validated in the operator's
 * Route 53 zone; CloudFront reads certificates in us-east-1 only, so it is made there: in the
 * site's stack in us-east-1, else in the us-east-1 stack the body signer uses), and alias
 * records (A and AAAA) for each name pointing at the distribution. Or an existing
 * certificate, as before, with the records left to the operator.
 */
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';

/** A Route 53 public hosted zone, by id and name (no lookup: synth stays offline). */
export interface HostedZoneRef {
  readonly hostedZoneId: string;
  readonly zoneName: string;
}

export interface DomainOptions {
  /** The site's name: `www.example.com`. */
  readonly name: string;
  /** More names served the same (`example.com`), on the same certificate. @default [] */
  readonly alternateNames?: readonly string[];
  /** The zone holding the names: the certificate is validated and the alias records are written there. @default - none: give `certificateArn`, and point DNS at the distribution yourself */
  readonly hostedZone?: HostedZoneRef | route53.IHostedZone;
  /** An existing certificate in us-east-1 covering the names. @default - one is made, validated in `hostedZone` */
  readonly certificateArn?: string;
}

/** Every name the distribution answers for. */
export const domainNamesOf = (domain: DomainOptions): string[] => [domain.name, ...(domain.alternateNames ?? [])];

/** The zone as an import in `scope`'s stack, from its id and name. */
export function zoneIn(scope: Construct, id: string, zone: HostedZoneRef | route53.IHostedZone): route53.IHostedZone {
  return route53.HostedZone.fromHostedZoneAttributes(scope, id, { hostedZoneId: zone.hostedZoneId, zoneName: zone.zoneName });
}

/** The certificate of a domain that names no existing one: made in `scope` (a us-east-1 stack), DNS-validated in the zone. */
export class SiteCertificate extends Construct {
  readonly certificate: acm.Certificate;

  constructor(scope: Construct, id: string, domain: DomainOptions) {
    super(scope, id);
    if (!domain.hostedZone) throw new Error('SiteCertificate needs the hosted zone to validate the certificate in.');
    const [name, ...alternates] = domainNamesOf(domain);
    this.certificate = new acm.Certificate(this, 'Certificate', {
      domainName: name!,
      subjectAlternativeNames: alternates.length > 0 ? alternates : undefined,
      validation: acm.CertificateValidation.fromDns(zoneIn(this, 'Zone', domain.hostedZone)),
    });
  }
}

/** Alias records (A and AAAA, the distribution has IPv6) for each name of the domain. */
export class SiteAliasRecords extends Construct {
  readonly records: route53.RecordSet[] = [];

  constructor(scope: Construct, id: string, props: { domain: DomainOptions & { hostedZone: HostedZoneRef | route53.IHostedZone }; distribution: cloudfront.IDistribution }) {
    super(scope, id);
    const zone = zoneIn(this, 'Zone', props.domain.hostedZone);
    const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(props.distribution));
    domainNamesOf(props.domain).forEach((name, i) => {
      this.records.push(new route53.ARecord(this, `A${i}`, { zone, recordName: name, target }));
      this.records.push(new route53.AaaaRecord(this, `Aaaa${i}`, { zone, recordName: name, target }));
    });
  }
}
