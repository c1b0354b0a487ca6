/** Re-exported for routes/ until they import the API's value formats from jsonapi/values. */
export { fractionText, iso } from '../jsonapi/values';
