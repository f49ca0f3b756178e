// The error report's one request (platform §8): POST /api/client-errors. It is not read through
// answer(): a report that fails is dropped, never alerted, shown in the loading bar or reported.
import { client } from '../api/client';
import type { ClientError } from '../generated/api';

export function sendErrorReport(report: ClientError): void {
  // keepalive lets a report leave while the page unloads (a reload after a chunk failure).
  void client.POST('/api/client-errors', { body: report, keepalive: true }).catch(() => {});
}
