import type { Logger } from 'pino';

/**
 * The process-level policy (docs/operations.md "Failures"): a promise rejected with nobody to catch it is a
 * request or job that failed without its handler seeing it; the process's state is still sound (nothing was
 * half-done synchronously), so it is logged and counted and the server keeps serving everyone else. An exception
 * thrown out of a callback left synchronous code half-way with unknown state: it is logged and the process exits
 * (status 1) for its supervisor to start it again, which is safe (start-up recovers the database and resumes jobs).
 */
export function installProcessGuard(logger: Logger, isStopping: () => boolean): { rejections: () => number } {
  let rejections = 0;
  process.on('unhandledRejection', (reason) => {
    // A job still running when the database stops fails on its way out; that is the shutdown, not a fault.
    if (isStopping()) {
      logger.warn({ err: reason }, 'work cut short by the shutdown');
      return;
    }
    rejections += 1;
    logger.error({ err: reason, unhandledRejections: rejections }, 'unhandled rejection (process kept running)');
  });
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception: exiting');
    process.exit(1);
  });
  return { rejections: () => rejections };
}
