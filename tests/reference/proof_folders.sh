#!/usr/bin/env bash
# Every shipped proof (data/proofs/, docs/variants.md) is a proof file for the rules its folder names: the
# default rules' at the top of the folder, every other rule set's in data/proofs/<rules>/. Prints each file
# with its rules, root and value; exits 1 at the first that does not match.
#   proof_folders.sh SOURCE_DIR
set -u
shopt -s nullglob
cd "$1/data/proofs" || exit 1
files=(*.proof.gz */*.proof.gz)
[[ ${#files[@]} -gt 0 ]] || { echo "no proofs in $1/data/proofs"; exit 1; }
for f in "${files[@]}"; do
    folder=${f%/*}
    [[ $folder == "$f" ]] && folder=backward-captures=no,promotion=end,majority=no
    head=$(gzip -dc "$f" | head -n 4) || { echo "$f: not a gzip file"; exit 1; }
    [[ $(sed -n 1p <<<"$head") == "fetaix proof 1" ]] || { echo "$f: not a fetaix proof"; exit 1; }
    rules=$(sed -n 2p <<<"$head")
    [[ $rules == "rules ${folder//,/ }" ]] || { echo "$f: $rules, in the folder of $folder"; exit 1; }
    echo "$f: ${rules#rules }: $(sed -n 3p <<<"$head"), $(sed -n 4p <<<"$head")"
done
