/**
 * The most common passwords that would otherwise pass the letter+digit rule, drawn from public
 * breach top lists (international and Brazilian). Compared case-insensitively. Kept small on
 * purpose: it ships in the web bundle too, so the form can say so before the request.
 */
const COMMON = `
password1 password12 password123 password1234 passw0rd p4ssw0rd pa55word pass1234 pass12345
abc12345 abcd1234 abc123456 a1234567 a12345678 a123456789 1234abcd 12345abc 123456a 1234567a
12345678a 123456789a 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 qwerty123 qwerty12
qwerty1234 qwert123 qwer1234 asdf1234 zxcv1234 zaq12wsx 1qaz2wsx 1qazxsw2 qazwsx123 asd12345
iloveyou1 iloveyou2 welcome1 welcome123 admin123 admin1234 administrator1 letmein1 monkey123
dragon123 master123 sunshine1 princess1 football1 baseball1 superman1 batman123 trustno1
michael1 jordan23 charlie1 shadow123 killer123 hello123 hello1234 test1234 test12345 testing123
login123 user1234 changeme1 secret123 computer1 internet1 samsung123 google123 matrix123
senha123 senha1234 senha12345 senha123456 mudar123 brasil123 brasil2014 brasil2022 flamengo1
flamengo123 corinthians1 palmeiras1 saopaulo1 gremio123 vasco123 santos123 cruzeiro1 amor1234
amorzinho1 meuamor123 gabriel123 lucas1234 mateus123 felipe123 rafael123 bruno1234 julia123
maria123 maria1234 jesus123 deus1234 deusefiel1 familia123 12345678abc 1234567890a abc1234567
minhasenha1 acervo123 acervo2026
`
  .split(/\s+/)
  .filter(Boolean);

const commonSet = new Set(COMMON);

export function isCommonPassword(password: string): boolean {
  return commonSet.has(password.toLowerCase());
}
