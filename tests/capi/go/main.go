// A Go program using the C API through cgo: proves the ABI is usable from another language.
// It checks SHA-256 and Keccak-256 known answers, the RFC 6962 roots and inclusion proofs of
// tests/vectors/binary, a TrieTests root and an error code, and exits non-zero on any mismatch.
//
// usage: go run . VECTORS_DIR (with CGO_CFLAGS / CGO_LDFLAGS pointing at merkleforge.h and
// libmerkleforge_c.so)
package main

/*
#cgo LDFLAGS: -lmerkleforge_c
#include <stdlib.h>
#include <merkleforge.h>
*/
import "C"

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"unsafe"
)

func digest(algo C.mf_hash_algo, data []byte) ([]byte, error) {
	var out C.mf_bytes32
	var ptr *C.uint8_t
	if len(data) > 0 {
		ptr = (*C.uint8_t)(unsafe.Pointer(&data[0]))
	}
	if ret := C.mf_hash(&out, algo, ptr, C.size_t(len(data))); ret != C.MF_OK {
		return nil, fmt.Errorf("mf_hash: %s", C.GoString(C.mf_last_error()))
	}
	return C.GoBytes(unsafe.Pointer(&out.bytes[0]), 32), nil
}

// slices copies byte strings into C memory (cgo forbids Go pointers inside passed structs).
func slices(items [][]byte) (*C.mf_slice, func()) {
	array := (*[1 << 20]C.mf_slice)(C.malloc(C.size_t(len(items)+1) * C.size_t(unsafe.Sizeof(C.mf_slice{}))))
	for i, item := range items {
		array[i].data = (*C.uint8_t)(C.CBytes(item))
		array[i].len = C.size_t(len(item))
	}
	return &array[0], func() {
		for i := range items {
			C.free(unsafe.Pointer(array[i].data))
		}
		C.free(unsafe.Pointer(array))
	}
}

func bytes32(data []byte) C.mf_bytes32 {
	var out C.mf_bytes32
	for i := 0; i < 32; i++ {
		out.bytes[i] = C.uint8_t(data[i])
	}
	return out
}

func unhex(text string) []byte {
	if len(text) >= 2 && text[:2] == "0x" {
		text = text[2:]
	}
	data, err := hex.DecodeString(text)
	if err != nil {
		panic(err)
	}
	return data
}

var failures int

func expect(condition bool, what string) {
	if !condition {
		failures++
		fmt.Println("FAILED:", what)
	}
}

func main() {
	// mf_last_error is per OS thread, and Go may move a goroutine to another thread between two
	// cgo calls: without the lock the message was sometimes read on a thread that had no error
	// (ctest run of 2026-12-04 under load).
	runtime.LockOSThread()
	vectors := os.Args[1]
	expect(C.GoString(C.mf_version()) != "", "mf_version")

	// FIPS 180-4 and go-ethereum known answers.
	abc, _ := digest(C.MF_SHA256, []byte("abc"))
	expect(hex.EncodeToString(abc) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "sha256(abc)")
	empty, _ := digest(C.MF_KECCAK256, nil)
	expect(hex.EncodeToString(empty) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", "keccak256()")

	// RFC 6962: every root, and every published inclusion proof generated and verified.
	var tree struct {
		Leaves []struct {
			InputHex string `json:"input_hex"`
		} `json:"leaves"`
		Roots []struct {
			Size uint64 `json:"size"`
			Root string `json:"root"`
		} `json:"roots"`
	}
	load(filepath.Join(vectors, "binary/rfc6962_tree.json"), &tree)
	leaves := make([][]byte, len(tree.Leaves))
	for i, leaf := range tree.Leaves {
		leaves[i] = unhex(leaf.InputHex)
	}
	leafSlices, free := slices(leaves)
	defer free()
	var handle *C.mf_binary_tree
	expect(C.mf_binary_tree_from_leaves(&handle, C.MF_SHA256, leafSlices, C.size_t(len(leaves))) == C.MF_OK, "from_leaves")
	defer C.mf_binary_tree_free(handle)
	for _, entry := range tree.Roots {
		var root C.mf_bytes32
		expect(C.mf_binary_tree_root(&root, handle, C.uint64_t(entry.Size)) == C.MF_OK, "root")
		expect(bytes.Equal(C.GoBytes(unsafe.Pointer(&root.bytes[0]), 32), unhex(entry.Root)), fmt.Sprint("root of size ", entry.Size))
	}
	var inclusion struct {
		Valid []struct {
			Index    uint64   `json:"leaf_index"`
			Size     uint64   `json:"tree_size"`
			LeafHash string   `json:"leaf_hash"`
			Root     string   `json:"root"`
			Proof    []string `json:"proof"`
		} `json:"valid"`
	}
	load(filepath.Join(vectors, "binary/rfc6962_inclusion_proofs.json"), &inclusion)
	for _, c := range inclusion.Valid {
		path := (*[64]C.mf_bytes32)(C.malloc(64 * 32))
		var pathLen C.size_t
		expect(C.mf_binary_tree_inclusion_proof(&path[0], 64, &pathLen, handle, C.uint64_t(c.Index), C.uint64_t(c.Size)) == C.MF_OK, "inclusion_proof")
		expect(int(pathLen) == len(c.Proof), "proof length")
		for i := 0; i < int(pathLen) && i < len(c.Proof); i++ {
			expect(bytes.Equal(C.GoBytes(unsafe.Pointer(&path[i].bytes[0]), 32), unhex(c.Proof[i])), "proof entry")
		}
		root, leaf := bytes32(unhex(c.Root)), bytes32(unhex(c.LeafHash))
		ok := C.bool(false)
		expect(C.mf_binary_verify_inclusion(&ok, C.MF_SHA256, &root, C.uint64_t(c.Size), C.uint64_t(c.Index), &leaf, &path[0], pathLen) == C.MF_OK && bool(ok), "verify_inclusion")
		leaf.bytes[0] ^= 1
		expect(C.mf_binary_verify_inclusion(&ok, C.MF_SHA256, &root, C.uint64_t(c.Size), C.uint64_t(c.Index), &leaf, &path[0], pathLen) == C.MF_OK && !bool(ok), "altered leaf rejected")
		C.free(unsafe.Pointer(path))
	}

	// TrieTests "puppy" (any order): root of a plain trie.
	var anyorder map[string]struct {
		In   map[string]string `json:"in"`
		Root string            `json:"root"`
	}
	load(filepath.Join(vectors, "mpt/trie/trieanyorder.json"), &anyorder)
	puppy := anyorder["puppy"]
	var keys, values [][]byte
	for key, value := range puppy.In {
		keys, values = append(keys, []byte(key)), append(values, []byte(value))
	}
	keySlices, freeKeys := slices(keys)
	defer freeKeys()
	valueSlices, freeValues := slices(values)
	defer freeValues()
	var mptRoot C.mf_bytes32
	expect(C.mf_mpt_root(&mptRoot, keySlices, valueSlices, C.size_t(len(keys))) == C.MF_OK, "mpt_root")
	expect(bytes.Equal(C.GoBytes(unsafe.Pointer(&mptRoot.bytes[0]), 32), unhex(puppy.Root)), "TrieTests puppy root")

	// An error is a code with a message, not a crash.
	text := C.CString("{\"alloc\": ")
	defer C.free(unsafe.Pointer(text))
	expect(C.mf_mpt_genesis_root(&mptRoot, text, 10) == C.MF_MALFORMED, "malformed genesis")
	expect(C.GoString(C.mf_last_error()) != "", "error message")

	if failures > 0 {
		os.Exit(1)
	}
	fmt.Println("Go through cgo: all checks passed")
}

func load(path string, into interface{}) {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Println("missing vector file", path)
		os.Exit(2)
	}
	if err := json.Unmarshal(data, into); err != nil {
		fmt.Println("invalid JSON in", path, err)
		os.Exit(2)
	}
}
