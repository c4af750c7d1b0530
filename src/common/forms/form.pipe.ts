import { type PipeTransform } from '@nestjs/common';
import { validateForm, type SubmittedForm, type ValidateFormOptions } from './validate-form';

/** `@Body(new FormPipe(Dto))` hands the controller a validated form and its violations. */
export class FormPipe<T extends object> implements PipeTransform<unknown, SubmittedForm<T>> {
  constructor(
    private readonly dto: new () => T,
    private readonly options: ValidateFormOptions = {},
  ) {}

  transform(body: unknown): SubmittedForm<T> {
    return validateForm(this.dto, body, this.options);
  }
}
