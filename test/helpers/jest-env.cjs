// The AWS SDK warns once per process on Node < 22 that its releases from January 2027 on
// will need Node 22. The README says which versions Stratus supports and why; in the test
// run the warning is only noise, so it is turned off here (and in the processes tests spawn).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
