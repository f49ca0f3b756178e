// The payment screens' call: the outcome the server recorded from the provider's webhook. The
// page says a failure itself, so it raises no alert.
import { answer, client } from '../../api/client';

export const latestPayment = () => answer(client.GET('/api/payments/latest'), false);
