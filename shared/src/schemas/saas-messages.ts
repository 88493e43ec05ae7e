/**
 * The spec's fixed texts for sign-up, companies, plans, checkout and invoices (part 1 §5, §8; part 2
 * §5, §8), kept exactly as written. Schemas use them as messages; the console translates them.
 */
export const SAAS_MSG = {
  required: 'Obrigatório',
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  invalidValue: 'Valor inválido',
  invalidTaxId: 'CPF/CNPJ inválido, verifique!',
  invalidCnpj: 'CNPJ inválido, verifique!',
  invalidSignupEmail: 'O endereço de email é inválido!',
  choosePlan: 'Escolha um plano baseado na quantidade de atendentes que precisa!',
  campaignCount: 'O valor deste campo deve ser um número maior ou igual a 1.',
  campaignValue: 'O valor de uso da campanha deve ser maior ou igual a 0.',
  invalidNumber: 'Valor inválido',
  fullNameRequired: 'O nome completo é obrigatório',
  addressRequired: 'O Endereço é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  zipRequired: 'CEP é obrigatório',
  zipInvalid: 'Formato de CEP inválido',
  countryRequired: 'País é obrigatório',
  onlineMinutesRequired: 'Informe o tempo para pesquisar os clientes!',
  customPlanUpgrade: 'Seu plano é personalizado, não é possível realizar o upgrade. Fale com suporte técnico!',
  pixGenerated: 'QR Code Pix gerado com sucesso! Aguardando pagamento...',
  tokenExpired: 'Token de validação da conta expirado.',
  banned: 'Sua conta foi banida da plataforma, entre em contato com suporte técnico.',
  alreadyActive: 'Sua conta já foi ativada, faça login para continuar.',
  activated: 'Sua conta foi ativada com sucesso, faça login.',
} as const;
