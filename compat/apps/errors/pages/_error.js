// The _error page as Next's docs write it.
function Error({ statusCode }) {
  return <p>{statusCode ? `Custom error: ${statusCode} on the server` : 'Custom error: on the client'}</p>;
}

Error.getInitialProps = ({ res, err }) => {
  const statusCode = res ? res.statusCode : err ? err.statusCode : 404;
  return { statusCode };
};

export default Error;
