// Every test process runs with a complete, valid configuration; tests that check configuration parse their own.
process.env.NODE_ENV = 'test'
process.env.SESSION_SECRET ??= 'test-session-secret-that-is-long-enough-0123456789'
process.env.FILE_ENCRYPTION_KEY ??= '0'.repeat(63) + '1'
process.env.LOG_LEVEL ??= 'error'
process.env.ANSWER_ENGINE ??= 'offline'
