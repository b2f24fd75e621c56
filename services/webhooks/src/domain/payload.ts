/** The message shape is shared with the gateway's live stream (@momentum/contracts). */
export { messageOf, type WebhookMessage } from '@momentum/contracts';
