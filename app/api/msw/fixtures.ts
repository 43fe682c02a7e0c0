import type { z } from 'zod'
import type { jobCompleted } from '../schemas/jobs'

/**
 * Fixtures the MSW handlers answer with, shaped like real results: a real (small) completed workbook with a
 * _SUMMARY sheet, a one-page PDF, and answers.json with confidence, flags and verbatim citations.
 */
const XLSX_BASE64 = [
  'UEsDBBQAAAAIAAAAAADxYTwnbgEAAEIDAAAaAAAAeGwvX3JlbHMvd29ya2Jvb2sueG1sLnJlbHOzsa/IzVEoSy0qzszPs1Uy1DNQUkjNS85PycxLt1UKDXHT',
  'tVBSKC5JzEtJzMnPS7VVqkwtVrK34+WyCUrNSSzJzM8rzsgsKFaoyM3JK7ZVyigpKbDS1y9OzkjNTSzWyy9IzavIzUnLL8pNLCnWyy9K1y9ITM5OTE/VNzIw',
  'MNMvSkUyQ8nOJgjJTAXPFFulIs8UQyWFkMqCVFslwmbnp6VlJqe65CeX5qbmlegbYVihX55flF2ckZpaoqQQkliUnlpiq1SeDxUq1i/OSE0tMdSryM1R0rez',
  'weYYIyWFEHo6xkivIjcHl2OMlRRCqOaYkozU3FQlhZDEovTUElulkgwgV78EJGiohydATJQUQqjmhuKSypzUYiWFEKgjiktAfL2K3BwlfTuboNScxJLM/Lzi',
  'jMwCBc8UW6UizxRTJYUQ6lmfkZpa4ptakpiSWJKopBCSCAmK3FSIiF5Fbg7IHfpBqTmJJZn5ecUZmQXFdgBQSwMEFAAAAAgAAAAAADAPiGsVDAAA3h0AABMA',
  'AAB4bC90aGVtZS90aGVtZTEueG1ss7GvyM1RKEstKs7Mz7NVMtQzUFJIzUvOT8nMS7dVCg1x07VQUiguScxLSczJz0u1VapMLVayt+Plskm0KslIzU1VqMjN',
  'ySu2SrRVyigpKbDS1y9OzkjNTSzWyy9IzavIzUnLL8pNLCnWyy9K108pSizPzEvPzdE3MjAw089NzMxTUshLzE21VfJPS8tMTlUIyQAaqWRnkwgx3DUnNTc1',
  'r6TYzibRKjmnKDgZaHSqQh6SDiWQ2pRsQzubRKviymLnnCKFssQcW6XyzLyU/PKQ1IoSJYWcxOIS55wiWyUDAwMgUNK3s9FPtIJqyikxtLNJxKJXSQGuz83N',
  'DQiU9MH6oBpSso3sbBKtiovSk5xzihTKEnNslQzdTCzNXZT0weqgCnJKjOxsElHVubq6OrsaKumD1UEVJCYnp+aVGNrZJKKqNXGzMHRyUYKYiaQIwjSys0lE',
  'Ve9sYGpg4qKErB6sKDE5OTWvxNgOGJIobrZ0cnIytVTSB7sFSRGEaWJnk4hqvoWBmYmjkZI+knqwosTk5NS8ElM7m0RU9SZOjs7OZkr6SOrBihKTk1PzSszs',
  'bBJR1buZW5qZmCkhqwcrysjJzMu2s0lEVQ2KUTc3aMzAlaTl53jkZOZl29kkoiq3MDAwsDBQgiQAhCr9RCt46rKzSbRKy88rCU7OSM3FktZyE7Pyi9zy80rs',
  'bBKtchJLMvMUSioLUtMSk1NtlZwTc5OKMhOV9O1sEq1SExVK4DJK+iCh5GKFEjQhkF0KxclFmQUltkpeBYl5SgolcCXv96x9v2ezwvs9Gx43bXnctP1xc/Pj',
  'pvVK+nY2iVYoGj0S89KVFBAaXy+f+GZug8KrzQteT5mqpI9NfbGSAkL903XdT/ZOVtLHprBESQGh8Nm0Dc+3bHg2o+/l6ilK+hjKHYsSk5QUEMpDMnNTixX8',
  'UssVgvJzE/OU9DF0eKQmFSkpkKIjJCMxU0kBSUdiRn5uohI4zNPy80oUipOLMgtKbJVcSzIylZAU+lUm5iQqYapzSs1LRw68sKLMvJREJUyF7qVZRUpIbg3O',
  'KCotyVTSt7NJtErLzytRKE4uyiwosVXyzsgtUkJS6Jufn+OUX5SYp6SPqTYvJVFJoaSyIDUtMTnVVimkNC89UQmb5UWlSgoIdUGJiWWZSph2OyfmoUSta2lB',
  'RmpuZiIkUabl55UoFCcXZRaU2Co5Z6QWKSE5MyAnMa8kMT01L7VEwTkjtSg/OzVVSd/OJtEKRVtkZmamElK4+mYmF+UX56eVKERmKjglZpZkYgmSkMykEiWk',
  'hITQ5JGZm5iTWJmohOnnkIzERCWksPENU3DKz8lUwvS1S2pZohKyysS89MQcJX07m0SrtPy8EoXi5KLMghJbpZDUnFIlpGB0TywtSczNVMI0MiQxN0dJoaSy',
  'IDUtMTnVVsknsSQjUQnTkcGVRclKCgh1rsUlRYl56ak5+QquKanFxYlKmHr8iyoTlZCc652Yk5mXnogl2n1zKnOVFBCmeycWlWRmJyphmumTmJ+vpIBQ6ZKf',
  '7ZyRmFuQqISpNjgzL0NJAaHWszg7Pz8nUSEgvyRRCVO5b35eOnIOAfHzczIT8xSccER3WGZqiRJSdIdk5qYWK/illisE5ecm5mHJB6GZ6RlKSE7yhaeq0Mz0',
  'jNIiJWCVk2iVlp9XolCcXJRZUGKr5J6aX6SElH6DK3PSElPzlICZDFiko5TUuZl5+UVu+XkldjaJVpjFdk5mUlGmkr6dTaLVyC22SyoLUtMSk1NtlRyLMhNz',
  'sGQej1TUwhqXupCMxKFWRLskluYFpOZlKOnb2SRapeXnlSgUJxdlFpTYKnmP3BI6vzg/rURh5JbQJZUFqWmJyam2St6Jw7yExpWXqV8uI4pi/USrtPy8Ekhb',
  'G9zyzi0JxtHwTsvMyQkuqcxJ9SkusQMW4sX5OZkpbpk5OXY2iVbFyRmpuanOOUUKZYk5tkoFGc45RUr6djZAC4qR1aUXJaa4ZebkKBTll4RnlmQEZyQWpNoq',
  'GSrZ2SRapRf7FIONTi9WKMgvtlUyULIDChdjM9sOKFGSmVeiUJaYY6tkamBgYADqVyZaFSeW+OanKJSBhI0NDAwMDEDiIHfAjLGzAfLSi+1sEq3SiyEWGZsa',
  'GBgoEWmZsbmBgYESsA+TaFVMjmWGBgYGBgZKRNpmaGoAdJq+nU2iVTGybSAXGygBxfUTrYqTM1JzU51ziuxsgLz0YjsbMAUNzZzMPIXEvHRbJUMzIwMDAwMD',
  'JYXi5MSc1BRbJUMlSB84HRotdjaJVjA2laPIEOJroIMTrYozElNSFcoSc2yVUISR/GdobECL0EROKIQdYUyVQDZQ0rez0U+0SocHMpCDnpty8oJLKnNSfYpL',
  '7GwSrXLyFMptlSxNjUyVFJITC2yV0nISS5QUknMLUmyVivPSlRQSc9LzbJWSS4qU7GwSrYqR81hxckZqbqpzTpFCWWKOrVJBhnNOkRJYFcLHlqYGEI8lWhUn',
  'lvjmpyiUJebYKhkamBpAxIFOLIaZY2cD4iFbUVBUXOKSWJyhUAbSVZwPLAmUICMeOXl2NolWOXkg9xuZmhgYKCkkU8UDWAoT4lxhbGFoYDBgrtBPtMrJQ47a',
  '1LS01OSS4JLKnFSf4hI7m0QrJBE74OAHhOtTDJbLLy1JLQrOSClXSMopLQpKTLFVMjEwMDBQUkjJLC6xVTIyACe1lMwiWyVTEwOgjIGSQlF+SXhmSUZwRmJB',
  'qq2SgZKdTaJVcVF6knNOkUJZYo6tkgFw1MbAQAkknphTkJGoUAYSNbYwMDBQ0rezAboZqhwc83A32NnoJ1ohOQ/OCy6pzElFuB2N61NcYmeTaAU3BpdXjA0M',
  'DJQUUjKp4RVQxlUamV5JtCpOTs1LNU6xs0m0Sk7MTS1KVCgoKi6xVcovKsnITy9KLMjITHYrys8rUbKzSbQqyi9RyEkssVUyUFLIyc+zVQLSRalltkoGSvp2',
  'NvqJVhAz7GwSrXIy0zNKgjLTFYoy022VSjKKUlMDSpQUUjKLbJVKlPAaZmhkAEypBkoQI2EG2dnoJ1ohObe4wDjFzibRKim1LDUnRKHcVsnM2BTofYUMWyUj',
  'cGkC0Q9Rp59olZqWlppcElxSmZNqZ4PKh+aupHS3zJyc4JLKnFSoSHF+TmaKW2ZOjp1NolVxckZqbqpzTpFCWWKOrVJBhnNOkZI+2N/FyOpghTeVa0UTYKox',
  'AAVKolUxUjlsbGpgYGAAEtdPtCpOzkjNTXXOKbKzAfLSi+1sEq3SixUK8ottlSD67WwSreCqFMoSc2yVCjKcc4qU7IASJZl5JQplIDETUwMDA5ChQNVIVYGl',
  'gQFMlBwnGBoYGBgYKOF1QzHCOiNwiaVvZ5NoVYxknZGpqQEe6/QTrdKLfYpL7GwSrQoSSzIUChJLMmyVkjOLknNSlexsEq1AFWpIflBqcolCjq2SKbhBqFBi',
  'q6RrYWBgYKCkUGSrBBVMslUytDAACerb2QANBplnZwNkpMMr6EQrGJvK8Q0aADdQAtqbaFWM5HtjUNPRACQOdEZxckZqbqpzTpGdDZCXXmxnk2iVXqxQkF9s',
  'q2RIWmCDzVXCsM4IFAcGIHGgBcXJGam5qc45RXDr9BOt0ot9ikvsbBKtQIFDfGCbAhkGSgooYW0KZBgoAd0ANBZkGlpQ6ydaoWdRoFAarB9iB8rVJRmpuanI',
  'c1H5SVmpySUuqWmJpTklxXY2iVbFBS6paXY2IEZAkb6dTaJVUn5KZUARmJlTXBJcUpmTqm9nk2hVXAJk2dkkWuXkBaWmKWSmVNgqGSrZ2SRaFcNCQqEsMcdW',
  'KTE5OTWvxFAJ0kQGqwZZkJaZkxOUCtVorGRHSCNUPUhralpaanJJUCpUs5GSHSHNcB0g7WnArlpQKlRzbiZwQE0JiwE5JYZK+nY2+olWUPV2NkB2McTXIBYs',
  'pHLyXFLT7GwSrYoLyAgyIhyfkxeUmgayIA05yAyU7GwSrYqTM1JzU51zihTKEnNslRKTk1PzSgyV9O1s9BOtoOpBWuEBoJCZUmFLTETBdYC0pxEVZCUVhkr6',
  'djb6iVZQ9XY2QHZxSWVOqp0NkJWTBw4pIAsz4aVWlBQlOucUBSdnpOam+hSX6NuBDAInWTsAUEsDBBQAAAAIAAAAAABV9ASUHAMAAFoEAAANAAAAeGwvc3R5',
  'bGVzLnhtbLOxr8jNUShLLSrOzM+zVTLUM1BSSM1Lzk/JzEu3VQoNcdO1UFIoLknMS0nMyc9LtVWqTC1Wsrfj5bIpLqnMSQ3OSE0tUajIzckrtlXKKCkpsNLX',
  'L07OSM1NLNbLL0jNq8jNScsvyk0sKdbLL0rXLy4oSk1MKQZpys3RNzIwMNPPTczMU1KoAJlgVVZiq0TYkPy0tMzkVJf85NLc1LwSfSOQKSn5yQFF+QXFYSGV',
  'BanFSnY2eaW5brklxQrJ+aV5JbZKhkp2UCGFvNJct9wSzxRbJVMzJYW0/KLcxBLn/JRUWyW1wtL8EusnO7qe9nboP9nR/bS3Q0GtECSWkaFWCKKfzWxSAyvK',
  'zVUrBAk87WhTKwQxiovVCkH08+WTFNTAepT07Wz080pBlhXb2aTl55UUI7sGJGBnU1ylUJaYY6tkaKSkb2eTnJ+TX6RQkpGam2qrZKikb2eTl5ibqlAGUuGc',
  'mJOZVJSppG9nk5aYm5lTqVAGEjZSAuorTs5IzU2FqMvNzMsvUgIK6qfl55XY2YCpYqADMnNyihWgwWGkZGeTBhSwsylILClJLcpzy8zJUShIBLNDKgtSbZXy',
  '8vNSlfTtbPTTgFJ2NgRUpxclVhoamSrpwzXop2Xm5BTb2STlF6WkFhUrQG02VLKzgQjZ2eSkppXo29kUZaZnlOjb2ZTkF+jb2STll5Tk5+rb2aRkJqbn5yXm',
  '6NvZ6CflF6WkFtnZQBnFdjbJqTk5wSXAFBiRVqyAZHZFmkIePIINlBTS8vNKPFNslUDMzJwczxQwMym/KCW1yDMFxNEHOjk5FWGaHdjsiDQKjVWoSPNMsVUy',
  'UFJILCjIqfQrzU1KLXLLB6U2WyVDJWDc6oNsBdoDsTC4pDIntVghOb80r8QWqMDOJjk1B+IohbzE3FRbJb/8otzEHCUFuMFJpZk5JZl5nim2SgZKKN4otrNJ',
  'qUiD+wAsW5KYlJMaXFKZg7DFQEkhJTUtsTSnJCQRJmmrFJIIY/umpmSW5loqKUBVBWSW5ZcEl1TmpNoqBWTC2BBVJkr6djb6xSWVOanBoPxtBwBQSwMEFAAA',
  'AAgAAAAAAJQITduCAwAASgUAABgAAAB4bC93b3Jrc2hlZXRzL3NoZWV0MS54bWyzsa/IzVEoSy0qzszPs1Uy1DNQUkjNS85PycxLt1UKDXHTtVBSKC5JzEtJ',
  'zMnPS7VVqkwtVrK34+WyKc8vyi7OSE0tUajIzckrtlXKKCkpsNLXL07OSM1NLNbLL0jNq8jNScsvyk0sKdbLL0rXLy4oSk1MKc4AasrN0TcyMDDTz03MzFNS',
  'qACZYFVkq0TYjPy0tMzkVJf85NLc1LwSfSOQIUWpOYklmfl5xRmZBcVKdjYpmbmpecWZ+XkKRalptkqOhlYuJkr6djbFGUCbwzJTy4vtbOBshfL8ouyk/Pzs',
  'sMzUcs8UWyUDJX07G/3ijNTUkrDM1HKYWpfEkkQ7m6L8coUiWyVDJTubZIUiWyVHQyWFElul4pIiJTubMjtPFxv9Mjsb/WQ7G7C0k6ESsnRgaWpxSWZ+no0+',
  'siJnQyVkRY55xeWpRTb6yEpcDJWQlTjn5+am5pUU2+hDFekX5Zfb2UAdZ6RkZ5OsUGSr5GikpIDkOEM9Qxt9qAawvJORErK8S75CZX6pQmpeclFlQYlCcmlx',
  'SX5uapFCSmJJokJiiUJRanGJvY0+sgnORkrIJkSmFtvAnJSsUGSr5GKkhCzvnJ+XlpmSmpecqmBppqCqp6BWWJpfYu2Yk6OQjGJbZrFCKsQZqSkKiRCrFUqL',
  'M/PSFRxdg3WNTM301ApBWhU0ilOTS4sySyp1C/JzMpMr9QpS0nQUCvQUTDRt9KFO1UcOHWMlOxuw2xyNlRRQQsfIBiXMnYyVkOWhoVOQWpSWX5SrkJiXV5qY',
  'o1CQmpdaUpRYAkx9CiWpxSXF9jaoAWSshGwIZgAZKyHLIweQoYIqPIDyFDLzUlILUvNSUvNKFNIyi3IVClLBDilWSFQoSM1DcYRCallqUaVCZWpikZ4aLJjy',
  'k410i1IL8otK9AqgQWRkpGmDNYxMlOxskhWKbJUcTZQUUMLI2Ea/zM5GP9nOBizvZKKELA8No4zEslSFRIWk0nSFpPzSvJJKhYKi/PSixNzcVHsb1OAxUULW',
  'b6OPbLiLiRKypFtOYnp6aopCWn6RQlFqWWZquZVCXr5CallmSmpecqpCWn5pXoqeDSxr6Rfll9vZ6IPzMSTvZqbn5RelprgWFeUXFdvZIHMV8kpzk1KLgkvy',
  'i1JTHItDUitKbJUMlRSKC4tSkUsQ/cz0vPyi1BTXoqJ8kBn65flF2eBS0A4AUEsDBBQAAAAIAAAAAADP+Wq1HgIAAOoCAAAYAAAAeGwvd29ya3NoZWV0cy9z',
  'aGVldDIueG1ss7GvyM1RKEstKs7Mz7NVMtQzUFJIzUvOT8nMS7dVCg1x07VQUiguScxLSczJz0u1VapMLVayt+PlsinPL8ouzkhNLVGoyM3JK7ZVyigpKbDS',
  '1y9OzkjNTSzWyy9IzavIzUnLL8pNLCnWyy9K1y8uKEpNTCnOAGrKzdE3MjAw089NzMxTUqgAmWBVZKtE2Iz8tLTM5FSX/OTS3NS8En0jkCFFqTmJJZn5ecUZ',
  'mQXFSnY2KZm5qXnFmfl5CkWpabZKjoZWTiZK+nY2xRlAm8MyU8uL7WzgbIXy/KLspPz87LDM1HLPFFslAyV9Oxv94ozU1JKwzNRymFqXxJJEO5ui/HKFIlsl',
  'QyU7m2SFIlslR0MlhRJbpeKSIiU7mzK7wNLU4pJMoEts9MvsbPST7WzAqpwMgerL7IxtYKL6RfnldjZQw4yU7GzAyhyNlBSQDHPMKy5PLUpNsdFHMcsIqLzM',
  'zshGHyqqj2yWsZKdTbJCka2So7GSApJZbjmJ6empKQpp+UUKRallmanlNvpQ/WDlTsZAjWV2hjb6UFF9ZFNNlOxswMocTZQUkEx1LEstSkxPVUjOz0vLTEnN',
  'S0610YfqByt3MlFCVm5mrKBqA1OgD7ZAHxzOkLDNTM/LL0pNcS0qyi8qtrNB5irkleYmpRYFl+QXpaY4FoekVpTYKhkqKRQXFqUix7B+ZnpeflFqimtRUT7I',
  'DP3y/KJscCq1AwBQSwMEFAAAAAgAAAAAAGCAAIGAAgAAiAMAAA8AAAB4bC9tZXRhZGF0YS54bWyzsa/IzVEoSy0qzszPs1Uy1DNQUkjNS85PycxLt1UKDXHT',
  'tVBSKC5JzEtJzMnPS7VVqkwtVrK34+WyyU0tSUxJLElUqMjNySu2VcooKSmw0tcvTs5IzU0s1ssvSM2ryM1Jyy/KTSwp1ssvStcvLihKTUwpzkhNLcnN0Tcy',
  'MDDTz03MzFNSqACZYFWRU5Riq4RmTG5mclF+cX5aiV5yfq5+flpaZnKqfjGaQYbm+kWZyRkpiSWJSgpQw1ISbZXINCulMi8xNzM5sagosVLJjktBwSYX6teQ',
  'yoLUYoXk/NK8ElslQyU7oJyCAoqsQl5ibqqtUoSPi2NAkJJCbmZecGlBQX5RSWpKWCoskI0MDAwMlBSS8wsqbZUMlRQKEotLUh1zcmyVYJywxJzS1GJbJSA/',
  'N7UoPdVWCcgqLsjJLHHLLCousQVarlCUX+6cnxOckZlWYgviJ+ekJha55YPD2xakEyzgnJ+bm5pXUgwWSSwuzkzPs1UyVFJIzk8tSk61BZmbnJqT45takmir',
  'ZKikb8cF9K9+bmpJYkpiSWJIZUFqsR0XUCittKS0KNU3FSKukIfizeR81BBJyrbjAtJAYJNaUeJTXGLHBeEqKIAEFEqLMm2VqpNSkpIsklOSddMSDVN1TSzN',
  'UnUTLUzNdY2TjdOMDZINjCyTjWuV7LhgWhUUbCpSEq1SKsHR41hUlFgZUJRfkFpUkplarJDmUgkWt1UyVFJIc87PyUksKE5NsVUyUNIHeUoBDGz0UytK7KCu',
  'AXPgrrPRT8oGOdtGP60U2a92XAoKNsmpkDBKSSxJVEjG7d2iZIUSWyVDJYUyWyW4xTb6MJOTUxHG2HHZ6MPC2Q4AUEsDBBQAAAAIAAAAAAAUz9AsJwEAAHUB',
  'AAAPAAAAeGwvd29ya2Jvb2sueG1ss7GvyM1RKEstKs7Mz7NVMtQzUFJIzUvOT8nMS7dVCg1x07VQUiguScxLSczJz0u1VapMLVayt+PlsinPL8pOys/PVqjI',
  'zckrtlXKKCkpsNLXL07OSM1NLNbLL0jNq8jNScsvyk0sKdbLL0rXLy4oSk1MKc5ITS3JzdE3MjAw089NzMxTUqgAmWBVZKtE2Iz8tLTM5FSX/OTS3NS8En0j',
  'kCFFqTmJJZn5ecUZmQXFSnY25VCXBRQpJOenpPol5qbaKoVkZBaH50OcrKRvZ1OcAXRGsZ0NmFbISwSpCSxNLS7JBBqkpFCckZpa4pliq2SopFBklZliq1Tk',
  'mWKopA/VCNUQHxzq6+sYFKmkAFdvpKQAV2+kpG9no1+ckZpaArRJvzwfYr0dAFBLAwQUAAAACAAAAAAASmoR+VUBAABMAgAACwAAAF9yZWxzLy5yZWxzs7Gv',
  'yM1RKEstKs7Mz7NVMtQzUFJIzUvOT8nMS7dVCg1x07VQUiguScxLSczJz0u1VapMLVayt+PlsglKzUksyczPK87ILChWqMjNySu2VcooKSmw0tcvTs5IzU0s',
  '1ssvSM2ryM1Jyy/KTSwp1ssvStcvSEzOTkxP1TcyMDDTL0pFMkPJziYIyUwFzxRbpSLPFCMlhZDKglRbJUrM1s9NLUlMSSxJ1E/OL0rVLSjKL0gtKslMLVZS',
  'CEksSk8tsVVKyU8OKMovKNZPBqrQq8jNUdK3s8HmIGMlhRAiHZSflpaZnOqSn1yam5pXom9kYGCmX5Sak1iSmZ9XnJFZUKyfWlGSmpeSmqJbgM9JiQUFehW5',
  'ObhcZKikEEI1F+WnpWUmp7rkJ5fmpuaVKCmEJBalp5bYKlXk6JfnF2Un5edn61Xk5oDcoh+UmpNYkpmfV5yRWVBsBwBQSwMEFAAAAAgAAAAAACzk9zOZAQAA',
  'UgIAABAAAABkb2NQcm9wcy9hcHAueG1ss7GvyM1RKEstKs7Mz7NVMtQzUFJIzUvOT8nMS7dVCg1x07VQUiguScxLSczJz0u1VapMLVayt+Plsgkoyi9ILSrJ',
  'TC1WqMjNySu2VcooKSmw0tcvTs5IzU0s1ssvSM2ryM1Jyy/KTSwp1ssvStfPT0vLTE51yU8uzU3NK9E3MjAw00+tKEnNS0lN0S0oghmopFABMtGqrMRWiTxD',
  'U/KTA4ryC4rDQioLUouV7GwcCwpyMpMTSzLz8+yCM1JTS7yCbfQdCxCCNh6piSmZeekBiZlFxXY2ZSVWZanJJflFCsWZVam2SkZKCkmJxakhlQWptkpliUWZ',
  'iXklSnY2IGWJYI6dDZCdU1BcUmQXnl+UXZwBtKPYRr+sxAoiaKMPZJYhqUVmZ5rYGdnoAxUAGTYoCsEcsEPsbPQ9UpGdGJJZkpNa7J8WkFhUUmyH38U5BcUl',
  'RUp2IPdCnBNYmlpckpmfV2yD5MSyEqucguKSIrv44FBfX8egSBt9oJsgQjb6QGZZanJJfhHQJSGZKHbrBxTlF6QWlWSmFtsBAFBLAwQUAAAACAAAAAAA1pJ8',
  'EQwBAABaAQAAEQAAAGRvY1Byb3BzL2NvcmUueG1ss7GvyM1RKEstKs7Mz7NVMtQzUFJIzUvOT8nMS7dVCg1x07VQUiguScxLSczJz0u1VapMLVayt+Plskku',
  'sErOL0oNKMovSC0qyUwtVqjIzckrtkousFXKKCkpsNLXL07OSM1NLNbLL0jNq8jNScsvyk0sKdbLL0rXL0hMzk5MT9U3MjAw089NLUlMSSxJ1E/OL0rVLSiC',
  'maikUAE2MiXZVglqZEFpUY5ePtCAlGT91JzU3NS8kmJ9Qz1DfSUFmNqS1KLcYlslLBpKUoEy+kpwlbmZJZUFqbZKWJSmJEMk9ZWgqiuKM22VoArLy8v1yo31',
  'QP4wMjAw1I/w9QlOBnlVNzOvuCQxLzlVSd8OAFBLAwQUAAAACAAAAAAAx3XJjZcDAACdCAAAEwAAAFtDb250ZW50X1R5cGVzXS54bWyzsa/IzVEoSy0qzszP',
  's1Uy1DNQUkjNS85PycxLt1UKDXHTtVBSKC5JzEtJzMnPS7VVqkwtVrK34+WyCaksSC1WqMjNySu2VcooKSmw0tcvTs5IzU0s1ssvSM2ryM1Jyy/KTSwp1ssv',
  'StcvSEzOTkxP1TcyMDDTT87PK0nNK9EtqQSaoaRQATLEqqI4xVYJalB5ebleubEeSKORgYGhfoSvT3AyyGwlBZjiTFslQop1M/OKSxLzklOV7GxcUtMSS3NK',
  'FFwrSlLzijNBnq3IzVFScM4HOyWksiDVVimxoCAnMzmxJDM/T78iN0dJ384Gi76kzDwlBZz6yvJS9HKLdVMrklNz9IozUlNL9JIy8xKLKvVyE5OL8l3zEpNy',
  'UlP0chMz85T0sZpflpujhNtdIPPzUcJXNz8tLTM5NSU/uTQ3Na9Eryw3x6UosTwzL11JH6sFKYkliUoKeH2A34bc/JTUHO2URKAx+lhtSMotUFJAsSAzNzE9',
  'VT8pt0BJH6uOgrx0JQUsOgry0pWw+yI9M01JAYuO9Mw0JX2sdqTmpilh01Ghm5qbpoRdT3lumhJ2PeW5aUrY9WQVpCth80tWQWq6EnbPZBUApUjUU5KZpoTN',
  'aSWZaWlK2F0G1JKmRKKegpQ0JVQtiQUFOZnJiSWZ+Xn6BSlpSvp2Ni6paYmlOSUKrhUlqXnFmfl5tkpFqTnFSgooEYSssSwvRQ8tlRUkgssIvaLUnMSSzPy8',
  '4ozMgmLtitwcJWBG9C9LLSrKTElVCEgsKvFLzE21VdKvyNEvzy/KTsrPz9aryM1RoiTXFBcUpSamFGcAM2xujh4k4+YCM6l2BUH7izNSU0uK9YszgJShXkVu',
  'jhL1HFKeX5QNNl+7giR3GOlV5OYo0d8dJRmpuan6JSDSUI/SoCjJABqmXZGbo6RvZ+NfllpUlJmSqhCQWFTil5ibaqukX5GjX1xSmZNarFeRm6Ok4JyfV5Ka',
  'VxJSWZBqq5RYUJCTmZxYkpmfp1+Wl6KXX5CaV5Gbk5ZflJtYUqybn5aWmZyakp9cmpuaV6JXXFCUmphSnJGaWpKbo1dcAjJUG0/SS8lPDijKLyjWT84vStWr',
  'yM1RIsl2WFJPzi9K1S0oyi9ILSrJTC0mysbEggK9itwcJZIsRPNuagUwn6akpugWEGU3MJxzU0sSUxJLEvUqcnOUKLEaLaQzUlNLfFMhZmtX5OYo6dvZ6IdU',
  'FqQW2wEAUEsBAgAAFAAAAAgAAAAAAPFhPCduAQAAQgMAABoAAAAAAAAAAAAAAAAAAAAAAHhsL19yZWxzL3dvcmtib29rLnhtbC5yZWxzUEsBAgAAFAAAAAgA',
  'AAAAADAPiGsVDAAA3h0AABMAAAAAAAAAAAAAAAAApgEAAHhsL3RoZW1lL3RoZW1lMS54bWxQSwECAAAUAAAACAAAAAAAVfQElBwDAABaBAAADQAAAAAAAAAA',
  'AAAAAADsDQAAeGwvc3R5bGVzLnhtbFBLAQIAABQAAAAIAAAAAACUCE3bggMAAEoFAAAYAAAAAAAAAAAAAAAAADMRAAB4bC93b3Jrc2hlZXRzL3NoZWV0MS54',
  'bWxQSwECAAAUAAAACAAAAAAAz/lqtR4CAADqAgAAGAAAAAAAAAAAAAAAAADrFAAAeGwvd29ya3NoZWV0cy9zaGVldDIueG1sUEsBAgAAFAAAAAgAAAAAAGCA',
  'AIGAAgAAiAMAAA8AAAAAAAAAAAAAAAAAPxcAAHhsL21ldGFkYXRhLnhtbFBLAQIAABQAAAAIAAAAAAAUz9AsJwEAAHUBAAAPAAAAAAAAAAAAAAAAAOwZAAB4',
  'bC93b3JrYm9vay54bWxQSwECAAAUAAAACAAAAAAASmoR+VUBAABMAgAACwAAAAAAAAAAAAAAAABAGwAAX3JlbHMvLnJlbHNQSwECAAAUAAAACAAAAAAALOT3',
  'M5kBAABSAgAAEAAAAAAAAAAAAAAAAAC+HAAAZG9jUHJvcHMvYXBwLnhtbFBLAQIAABQAAAAIAAAAAADWknwRDAEAAFoBAAARAAAAAAAAAAAAAAAAAIUeAABk',
  'b2NQcm9wcy9jb3JlLnhtbFBLAQIAABQAAAAIAAAAAADHdcmNlwMAAJ0IAAATAAAAAAAAAAAAAAAAAMAfAABbQ29udGVudF9UeXBlc10ueG1sUEsFBgAAAAAL',
  'AAsAwQIAAIgjAAAAAA==',
].join('')

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export const completedWorkbook = (): Uint8Array => fromBase64(XLSX_BASE64)

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 75 >> stream
BT /F1 16 Tf 56 780 Td (QFill summary: 3 questions, 2 answered, 1 flagged) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`

export const summaryPdf = (): Uint8Array => new TextEncoder().encode(PDF)

export const answersJson = {
  questionnaire: 'vendor-questionnaire.xlsx',
  engine: 'offline',
  summary: { questions: 3, answered: 2, flagged: 1, averageConfidence: 0.63, engine: 'offline' },
  questions: [
    {
      id: '1.1',
      sheet: 'Questions',
      row: 2,
      question: 'Do you encrypt customer data at rest?',
      answer: 'Yes',
      confidence: 0.96,
      flagged: false,
      citations: [
        { file: 'security-policy.pdf', page: 4, quote: 'All customer data is encrypted at rest using AES-256.' },
      ],
    },
    {
      id: '1.2',
      sheet: 'Questions',
      row: 3,
      question: 'Do you perform annual penetration tests?',
      answer: 'Yes',
      confidence: 0.91,
      flagged: false,
      citations: [
        { file: 'soc2-report.pdf', page: 22, quote: 'An independent firm performs a penetration test every year.' },
      ],
    },
    {
      id: '1.3',
      sheet: 'Questions',
      row: 4,
      question: 'Do you have a bug bounty programme?',
      answer: null,
      confidence: 0,
      flagged: true,
      reason: 'No evidence found.',
      citations: [],
    },
  ],
}

type CompletedFields = Omit<z.infer<typeof jobCompleted>, 'jobId' | 'status' | 'error' | 'progress' | 'evidenceCount'>

/** The fields /api/status adds once a job of the fixture questionnaire is completed. */
export function completedFields(jobId: string, expires: Date, deleted: boolean): CompletedFields {
  return {
    xlsx: deleted ? null : `/api/result/${jobId}/xlsx`,
    pdf: deleted ? null : `/api/result/${jobId}/pdf`,
    expires: expires.toISOString(),
    deleted,
    averageConfidence: 62.33,
    flaggedQuestions: 1,
    totalQuestions: 3,
    engine: 'offline',
    questionnaireName: 'vendor-questionnaire.xlsx',
  }
}
