/**
 * Feedback: notes written from the site (visitors without login, members from the member centre) and
 * the back-office's feedback desk that answers them. Above identity (the member guard and names) and
 * backoffice (the operator guard, audit, operator names); nothing imports it but the composition root.
 */
export { feedbackRoutes } from './feedback.routes.ts';
export type { FeedbackTables } from './feedback.tables.ts';
