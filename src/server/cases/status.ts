/** Case status changes live in the workflow module (src/server/workflow/); kept for existing imports. */
export { changeCaseStatus } from '../workflow/apply';
