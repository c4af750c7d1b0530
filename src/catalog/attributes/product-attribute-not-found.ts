import { httpError, type ApiError } from '../../common/errors/api-error';

export const PRODUCT_ATTRIBUTE_NOT_FOUND = 'The "product attribute" has not been found';

/** The 404 of an unknown attribute code. */
export const productAttributeNotFound = (): ApiError => httpError(404, PRODUCT_ATTRIBUTE_NOT_FOUND);
