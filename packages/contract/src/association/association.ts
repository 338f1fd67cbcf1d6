/**
 * Association leadership by term (specification §1 "Manage association leadership", §7 "Association
 * ({product}-service associationcommerce)" and "ai-resume" associationbase / associationhistory /
 * associationleader, §9 "Leader lists: page size 5000", "Leader type 3 for the leaders call").
 *
 * A team is kept per org (a federation, chamber or association) and per year (term). Every leader is a
 * person of the person base (人员库), linked by certificate like member persons; phone and certificate
 * number are personal data (encrypted, masked unless the caller holds member_sensitive).
 */
export * from './constants.js';
export * from './leaders.js';
export * from './org.js';
export * from './answers.js';
export { leaderYear, leaderTypeField } from './fields.js';
