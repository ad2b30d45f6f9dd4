// Stratus body signer: a Lambda@Edge origin-request function (Node.js, include body on).
// A Function URL behind origin access control takes a body only with the body's SHA-256 in
// x-amz-content-sha256: CloudFront signs the request with the value it finds there, and
// Lambda checks it against the bytes it receives ("Lambda doesn't support unsigned payloads"):
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-restricting-access-to-lambda.html
// This function computes that hash over the raw bytes for every client (plain forms, fetch,
// uploads, webhooks, curl), so the functions stay private and no client computes anything.
// The stack uploads this text inline (whole-line comments taken out) and the local server
// evaluates the same text. Lambda@Edge has no environment variables: nothing is configured.
'use strict';
var crypto = require('crypto');
var EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

// Lambda@Edge exposes at most 1 MB of body to an origin-request function and marks the rest
// as cut off; Lambda would refuse a hash of part of a body, so such a request ends here:
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html#limits-lambda-at-edge
exports.handler = async function (event) {
  var request = event.Records[0].cf.request;
  var body = request.body;
  if (body && body.inputTruncated) return tooLarge(request.uri);
  // Always this function's own hash: a viewer's x-amz-content-sha256 never reaches the origin.
  // Most requests (every GET) have no body: its hash is a constant, not a hash computed each time.
  var hash = body && body.data ? crypto.createHash('sha256').update(Buffer.from(body.data, body.encoding === 'text' ? 'utf8' : 'base64')).digest('hex') : EMPTY_SHA256;
  request.headers['x-amz-content-sha256'] = [{ key: 'x-amz-content-sha256', value: hash }];
  return request;
};

// The render core's own 413, so a client sees one answer whichever refuses the body: JSON
// under /api, else the contract's page for a status without a title of its own.
function tooLarge(uri) {
  var api = uri === '/api' || uri.indexOf('/api/') === 0;
  return {
    status: '413',
    statusDescription: 'Payload Too Large',
    headers: {
      'content-type': [{ key: 'Content-Type', value: api ? 'application/json' : 'text/html; charset=utf-8' }],
      'cache-control': [{ key: 'Cache-Control', value: 'private, no-store' }],
    },
    body: api
      ? JSON.stringify({ error: 'Body exceeded 1mb limit' })
      : '<!DOCTYPE html><html><head><meta charset="utf-8"><title>413: An unexpected error has occurred</title></head>' +
        '<body><h1>413</h1><p>Payload Too Large: the body exceeded 1 MB</p></body></html>',
  };
}
