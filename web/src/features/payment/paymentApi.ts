// The payment screens' call: the outcome the server recorded from the provider's webhook. The
// page says a failure itself, so it raises no alert.
import { api } from '../../api/client';
import type { LatestPayment } from '../../generated/api';

export const latestPayment = () => api.get<LatestPayment>('/api/payments/latest', { alert: false });
