import { authStorage } from './auth-storage';
import { HttpClient } from './http';
import { serverClock } from './server-clock';

/** The one product-API client of the app; `app/` wires its forced-logout and offline handlers. */
export const http = new HttpClient({
  tokens: {
    get: () => authStorage.getToken(),
    set: (token) => authStorage.setToken(token),
    clear: () => authStorage.clear(),
  },
  onServerTime: (serverMs, sentAt, receivedAt) => serverClock.observe(serverMs, sentAt, receivedAt),
});
