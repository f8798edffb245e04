// Moved to login-lockout.service.ts (SQL lives in services); kept until every importer has moved.
export * from './login-lockout.service.ts';
