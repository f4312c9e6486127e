/**
 * The session's permission handlers: the studio plays audio and talks to the main process over IPC, which need no
 * permission, so every permission request (camera, microphone, notifications, external protocols, …), every
 * permission check and every device permission (HID, USB, serial) is refused. Pure over the session methods it uses.
 */

/** The parts of an Electron Session the guard uses. */
export interface GuardedSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/** Installs the handlers that refuse every permission on `session`. */
export function guardSession(session: GuardedSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
