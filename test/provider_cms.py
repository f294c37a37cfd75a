#!/usr/bin/env python3
"""Build an RFC 9882 CMS SignedData (ML-DSA signer, RFC 5652) by hand, for
test/test_provider.sh: OpenSSL 3.0 cannot sign CMS with a key only a
provider supplies, but it verifies, and this is what it verifies.

  provider_cms.py attrs CONTENT OUT
      the DER of the signed attributes (contentType id-data, messageDigest
      SHA-512 of CONTENT) as the SET OF that the signature covers
      (RFC 5652 section 5.4)
  provider_cms.py signeddata CONTENT SIGNER_CERT_DER ATTRS SIG OUT [CERT_DER...]
      the ContentInfo of a SignedData carrying CONTENT, the certificates,
      and one SignerInfo: issuerAndSerialNumber of SIGNER_CERT_DER,
      digestAlgorithm SHA-512 (RFC 9882 section 3.3), the signed attributes
      ATTRS, signatureAlgorithm the signer key's id-ml-dsa-NN with absent
      parameters (RFC 9882 section 3.2) and the signature SIG over ATTRS
      (pure ML-DSA, empty context).
"""
import hashlib
import sys

SEQUENCE, SET, OCTET_STRING, INTEGER, OID = 0x30, 0x31, 0x04, 0x02, 0x06
CONTEXT_0_CONS = 0xA0


def tlv(tag, content):
    """One DER TLV with a definite, minimal length."""
    n = len(content)
    if n < 0x80:
        head = bytes([n])
    else:
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
        head = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + head + content


def oid(dotted):
    """DER of an OBJECT IDENTIFIER."""
    arcs = [int(a) for a in dotted.split(".")]
    body = bytearray([40 * arcs[0] + arcs[1]])
    for arc in arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.append(0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(reversed(chunk))
    return tlv(OID, bytes(body))


def der_set(items):
    """SET OF: the encodings sorted, as DER requires (X.690 11.6)."""
    return tlv(SET, b"".join(sorted(items)))


def elements(der):
    """The TLVs inside the contents der, as (tag, whole TLV, contents)."""
    out, i = [], 0
    while i < len(der):
        tag, n = der[i], der[i + 1]
        j = i + 2
        if n & 0x80:
            k = n & 0x7F
            n = int.from_bytes(der[j:j + k], "big")
            j += k
        out.append((tag, der[i:j + n], der[j:j + n]))
        i = j + n
    return out


ID_DATA = "1.2.840.113549.1.7.1"
ID_SIGNED_DATA = "1.2.840.113549.1.7.2"
ID_CONTENT_TYPE = "1.2.840.113549.1.9.3"
ID_MESSAGE_DIGEST = "1.2.840.113549.1.9.4"
ID_SHA512 = "2.16.840.1.101.3.4.2.3"
ML_DSA_ARCS = {"2.16.840.1.101.3.4.3.%d" % n for n in (17, 18, 19)}


def signed_attrs(content):
    """SET OF Attribute { contentType, messageDigest } (RFC 5652 11.1, 11.2)."""
    content_type = tlv(SEQUENCE, oid(ID_CONTENT_TYPE) + der_set([oid(ID_DATA)]))
    digest = tlv(SEQUENCE, oid(ID_MESSAGE_DIGEST)
                 + der_set([tlv(OCTET_STRING, hashlib.sha512(content).digest())]))
    return der_set([content_type, digest])


def signer_of(cert):
    """issuerAndSerialNumber of a certificate, and its key's OID."""
    tbs = elements(elements(cert)[0][2])[0][2]
    fields = elements(tbs)
    if fields[0][0] == CONTEXT_0_CONS:     # [0] version
        fields = fields[1:]
    serial, issuer, spki = fields[0][1], fields[2][1], fields[5][2]
    key_oid = elements(elements(spki)[0][2])[0][1]
    return tlv(SEQUENCE, issuer + serial), key_oid


def signed_data(content, signer_cert, attrs, sig, certs):
    """ContentInfo { id-signedData, [0] SignedData } (RFC 5652 5.1 - 5.3)."""
    sid, key_oid = signer_of(signer_cert)
    sha512 = tlv(SEQUENCE, oid(ID_SHA512))
    signer_info = tlv(SEQUENCE,
                      tlv(INTEGER, b"\x01") + sid + sha512
                      + tlv(CONTEXT_0_CONS, elements(attrs)[0][2])
                      + tlv(SEQUENCE, key_oid) + tlv(OCTET_STRING, sig))
    encap = tlv(SEQUENCE, oid(ID_DATA) + tlv(CONTEXT_0_CONS, tlv(OCTET_STRING, content)))
    body = (tlv(INTEGER, b"\x01") + der_set([sha512]) + encap
            + tlv(CONTEXT_0_CONS, b"".join(sorted(certs)))
            + der_set([signer_info]))
    return tlv(SEQUENCE, oid(ID_SIGNED_DATA) + tlv(CONTEXT_0_CONS, tlv(SEQUENCE, body)))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main(argv):
    if len(argv) == 4 and argv[1] == "attrs":
        out = signed_attrs(read(argv[2]))
        target = argv[3]
    elif len(argv) >= 7 and argv[1] == "signeddata":
        signer = read(argv[3])
        if signer_of(signer)[1][2:].hex() not in {oid(a)[2:].hex() for a in ML_DSA_ARCS}:
            sys.exit("provider_cms.py: the signer's key is not ML-DSA")
        certs = [signer] + [read(p) for p in argv[7:]]
        out = signed_data(read(argv[2]), signer, read(argv[4]), read(argv[5]), certs)
        target = argv[6]
    else:
        sys.exit(__doc__)
    with open(target, "wb") as f:
        f.write(out)


if __name__ == "__main__":
    main(sys.argv)
