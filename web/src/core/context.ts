import type { QueryContext } from '../generated/core';

/**
 * The host's clock for date conditions (today, past_days, current_week...). The core never reads
 * a clock itself, so results are reproducible; the browser passes its own "now" and UTC offset.
 */
export function hostContext(now: Date = new Date()): QueryContext {
  return {
    now: now.toISOString(),
    utc_offset_minutes: -now.getTimezoneOffset(),
    user_email: null,
    user_name: null,
    session_id: null,
  };
}
