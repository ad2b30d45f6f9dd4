/**
 * `next/dist/shared/lib/head-manager-context.shared-runtime`: the context `<Head>` hands
 * its tags to. A provider of Next's shape (`updateHead`, as test setups write one) is
 * accepted and takes no tags; Stratus's own manager is provided by the runtime.
 */
export { HeadManagerContext } from '../../head';
