export const bonusExpireJobName = 'bonus.expire';
