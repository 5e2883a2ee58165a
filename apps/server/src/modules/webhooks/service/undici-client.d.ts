// undici's Client and request() on their own. The package's index installs its Agent as the process-wide
// dispatcher that Node's built-in fetch then uses (it refused web push's requests), so send-delivery.ts imports
// only these two modules, which install nothing.
declare module 'undici/lib/dispatcher/client.js' {
  import { Client } from 'undici';
  export default Client;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  export default function request(
    this: Dispatcher,
    options: Dispatcher.RequestOptions,
  ): Promise<Dispatcher.ResponseData>;
}
