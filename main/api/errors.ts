/** The domain's errors under the names older handler code uses; new code imports main/domain/errors directly. */
export { DomainError as ApiError, notFound } from '../domain/errors';
