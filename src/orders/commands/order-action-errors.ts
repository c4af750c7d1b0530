import { badRequest } from '../../common/errors/api-error';

/** Cancel and payment completion refuse a wrong state with an empty 400, as the reference does. */
export const transitionRefused = () => badRequest('');

/** The reference answers a ship in the wrong state with a 500; here it is a 409 with the same message. */
export const shipRefusedMessage = (state: string): string =>
  `Transition "ship" cannot be applied on state "${state}" of object "Sylius\\Component\\Core\\Model\\Shipment" with graph "sylius_shipment"`;
