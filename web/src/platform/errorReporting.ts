// platform §8 "Unexpected navigation error": errors are normalised to message plus status
// (default 500) and reported. The report goes to the server (POST /api/client-errors), which logs
// it and forwards it to a Sentry-compatible DSN when the operator configured one, so the DSN's
// key never ships in the page and ad blockers that stop sentry.io do not lose reports.
import { toApiError } from '../api/errors';
import { runtimeConfig } from '../config/runtime';
import { sendErrorReport } from './errorReportApi';

/** Reports per page load: a render loop must not flood the server. */
const MAX_REPORTS = 10;

export interface ErrorReport {
  message: string;
  status: number;
  stack?: string;
  url: string;
  release: string;
}

let sent = 0;
const seen = new Set<string>();

/** The report for `error`: message plus status, 500 unless the error carries one. */
export function normaliseError(error: unknown): ErrorReport {
  const { message, status } = toApiError(error);
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, 8000) : undefined;
  return { message: message.slice(0, 2000) || 'Unknown error', status, stack, url: window.location.href, release: runtimeConfig().release };
}

/**
 * Sends `error` once (the same message and place is sent once per page load). Client errors
 * the user caused (4xx answers) are expected behaviour, not defects, so they are not reported.
 */
export function reportError(error: unknown): void {
  const report = normaliseError(error);
  if (report.status >= 400 && report.status < 500) return;
  const key = `${report.message}\n${report.url}`;
  if (seen.has(key) || sent >= MAX_REPORTS) return;
  seen.add(key);
  sent += 1;
  sendErrorReport(report);
}

/** Errors no component caught: script errors and rejected promises nobody awaited. */
export function listenForUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}

export function resetErrorReportingForTests(): void {
  sent = 0;
  seen.clear();
}
