/** The two IPC channels: one for calls, one for pushed events. */

/** Channel carrying every contract call (invoke/handle). */
export const IPC_CALL = 'earshot:call';
/** Channel carrying every pushed event (send/on). */
export const IPC_EVENT = 'earshot:event';
