import { SERVER_TIME_HEADER } from '@imali/contract';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../lib/api-paths';
import type { AppContext } from '../lib/context';

/**
 * Every API response says the app clock's now (SERVER_TIME_HEADER, decision 0044): the web's
 * header clock and every "today" it computes follow the server, also when MARKET_TIME_SHIFT_MS
 * moves it (npm run demo) or the device's clock is wrong. Stamped as the reply is sent.
 */
export function registerServerClock(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header(SERVER_TIME_HEADER, String(ctx.clock.now().getTime()));
    done(null, payload);
  });
}
