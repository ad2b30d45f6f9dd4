import { Component } from 'react';
import { withRouter } from 'next/router';

class Classy extends Component {
  render() {
    const { router } = this.props;
    return (
      <>
        <h1>Classy at {router.pathname}</h1>
        <p id="fields">asPath {router.asPath}</p>
        <button onClick={() => router.push('/items/3')}>Go to item 3</button>
      </>
    );
  }
}

export default withRouter(Classy);
