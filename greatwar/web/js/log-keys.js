// The log a page holds, continued by payloads that carry only the entries after a log the
// page named by its key (issue 20).  Pure functions over the page's state (``held``: its
// ``log``, ``logKey``, ``logKeys`` and ``logVersion``), so that they can be tested alone.

/** How many keys of the log held the page remembers (an older one: the log asked again). */
export const LOG_KEYS_KEPT = 64;

/** The payload's log whole: the entries sent after those of the log it continues
 * (``log_base``, a log this page holds), or null when the page no longer holds that. */
export function wholeLog(held, payload) {
  const sent = payload.view.log || [];
  if (payload.log_base == null) return sent;
  if (held.logKeys.get(payload.log_base) !== payload.log_after) return null;
  return held.log.slice(0, payload.log_after).concat(sent);
}

/** Keep the log of a payload at least as new as the log held (``fresh``: a whole log). */
export function keepLog(held, payload, log, fresh) {
  const version = payload.version ?? payload.view.version;
  if (version < held.logVersion) return;
  if (fresh) held.logKeys = new Map();
  else {
    // the entries after the first log_after were replaced by those sent (an undo, or a log
    // the server rebuilt): a key naming more entries names some no longer held
    for (const [key, length] of held.logKeys) {
      if (length > payload.log_after) held.logKeys.delete(key);
    }
  }
  held.log = log;
  held.logKey = payload.log_key;
  held.logVersion = version;
  held.logKeys.set(payload.log_key, log.length);
  if (held.logKeys.size > LOG_KEYS_KEPT) held.logKeys.delete(held.logKeys.keys().next().value);
}
