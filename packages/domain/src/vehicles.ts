import { z } from 'zod';
import { requiredText, rego } from './fields';

/** Make and colour come from lists ending with Other, which allows free text: any non-empty text is valid. */
export const vehicleSchema = z.object({
  rego,
  make: requiredText(50),
  model: requiredText(50),
  colour: requiredText(30),
});
export type VehicleInput = z.infer<typeof vehicleSchema>;

/** A vehicle as its forms edit it: the rules above and the vehicle type, a required choice by id. */
export const vehicleFormSchema = vehicleSchema.extend({ vehicleType: requiredText(20) });
export type VehicleFormInput = z.input<typeof vehicleFormSchema>;
