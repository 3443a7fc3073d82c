/**
 * What other modules may use of messaging: one-time codes (issue, verify), sending a message through
 * the merchant's SMS or e-mail provider, destination parsing, and the prune of expired codes.
 */
export { issueCode, type IssueCodeInput } from './issue-code.ts';
export { verifyCode, maxCodeAttempts, type VerifyCodeInput } from './verify-code.ts';
export { sendMessage, type SendMessageInput } from './send-message.ts';
export {
  createMessageSenders,
  DeliveryError,
  outboxSender,
  type MessageSender,
  type MessageSenders,
  type OutgoingMessage,
} from './message-sender.ts';
export { normaliseEmail, normaliseMobile, parseDestination } from './destination.ts';
export { codeLength, generateCode, generateCodeSalt, hashCode } from './code.ts';
export { deleteExpiredCodes } from './delete-expired-codes.ts';
export { messagingRoutes } from './messaging.routes.ts';
// The back-office's outbox page and dashboard counts.
export { countOutbox, listOutbox } from './list-outbox.ts';
